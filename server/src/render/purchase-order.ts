import type { components } from '@warehouse-kit/spec';
import type { PurchaseOrderFields, PurchaseOrderItemRow } from '../domain/purchase-orders/row-shapes.js';
import { zoneOf } from '../domain/time.js';
import type { Location } from '../entities/location.js';
import { renderNullableTime, renderTime } from './time.js';

type Schemas = components['schemas'];

export interface PurchaseOrderParts {
  location: Location | null;
  items: PurchaseOrderItemRow[];
  appointments: Schemas['BookedAppointment'][];
}

/**
 * An order and its items in the order's warehouse zone (UTC when unassigned), whatever
 * location filter the request used; items carry the order's location.
 */
export function renderPurchaseOrder(order: PurchaseOrderFields, parts: PurchaseOrderParts): Schemas['PurchaseOrder'] {
  const zone = zoneOf(parts.location);
  const locationName = parts.location?.name ?? null;
  return {
    id: order.publicId,
    po_number: order.poNumber,
    location_name: locationName,
    expected_starts_at: renderNullableTime(order.expectedStartsAt, zone),
    expected_ends_at: renderNullableTime(order.expectedEndsAt, zone),
    earliest_assignment_date: renderNullableTime(order.earliestAssignmentDate, zone),
    carrier_name: order.carrierName ?? null,
    reference_numbers: order.referenceNumbers,
    notes: order.notes ?? null,
    custom_values: order.customValues,
    purchase_order_items: parts.items.map((item) => ({
      id: item.publicId,
      product_name: item.productName,
      quantity: item.quantity,
      customer_name: item.customerName,
      location_name: locationName,
      custom_values: item.customValues,
      created_at: renderTime(item.createdAt, zone),
      updated_at: renderTime(item.updatedAt, zone),
    })),
    appointments: parts.appointments,
    created_at: renderTime(order.createdAt, zone),
    updated_at: renderTime(order.updatedAt, zone),
  };
}
