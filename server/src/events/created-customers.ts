// Customers that purchase orders create from their items' names are companies like any other:
// each is `company.created`, recorded before the events of the order that named it (DECISIONS 171).
import type { PurchaseOrderLookups } from '../domain/purchase-orders/lookups.js';
import { renderCompany } from '../render/company.js';
import type { EventLog } from './event-log.js';

export function recordCreatedCustomers(events: EventLog, lookups: PurchaseOrderLookups): void {
  for (const company of lookups.takeCreatedCustomers()) {
    events.record({
      kind: 'company',
      organizationId: lookups.organizationId,
      after: { object: renderCompany(company), location: null },
    });
  }
}
