// A WMS polls for purchase orders whose booked appointments it must prepare for: the orders
// created or updated since a time, every page of them, one page in memory at a time.
//
//   WH_BASE_URL=http://acme.localhost:3000 WH_TOKEN=acme-admin-token \
//     node examples/dist/sdk/booked-since.js 2026-11-01T00:00:00Z

import { paginateOffset } from '@warehouse-kit/sdk';
import { instant } from '@warehouse-kit/sdk/time';
import { DateTime } from 'luxon';
import { client } from './connection.js';

const since = process.argv[2] ?? instant(DateTime.now().minus({ days: 1 }));

for await (const order of paginateOffset(client, '/purchase_orders/with_booked_appointments', {
  params: { query: { updated_since: since, limit: 250 } },
})) {
  for (const appointment of order.appointments) {
    console.log(
      [
        order.po_number,
        appointment.location_name,
        appointment.state,
        appointment.scheduled_at,
        appointment.dock_name ?? '-',
      ].join('\t'),
    );
  }
}
