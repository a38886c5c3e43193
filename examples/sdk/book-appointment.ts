// A TMS books a delivery for a purchase order at the order's warehouse, at a local
// wall-clock time there: the time is sent without an offset and read in the warehouse zone.
//
//   WH_BASE_URL=http://acme.localhost:3000 WH_TOKEN=acme-admin-token \
//     node examples/dist/sdk/book-appointment.js PO-1001 2026-12-09T07:30 "Fast Freight"

import { unwrap } from '@warehouse-kit/sdk';
import { parseTime, wallClock } from '@warehouse-kit/sdk/time';
import { DateTime } from 'luxon';
import { client } from './connection.js';

const [poNumber, localTime, carrier] = process.argv.slice(2);
if (!poNumber || !localTime) {
  console.error('usage: book-appointment.js PO_NUMBER YYYY-MM-DDTHH:MM [CARRIER]');
  process.exit(2);
}

const [order] = await unwrap(client.GET('/purchase_orders', { params: { query: { po_number: poNumber } } }));
if (!order?.location_name) {
  console.error(order ? `${poNumber} is not assigned to a warehouse yet` : `no purchase order ${poNumber}`);
  process.exit(1);
}
const [warehouse] = await unwrap(
  client.GET('/locations', { params: { query: { location_name: order.location_name } } }),
);
if (!warehouse) {
  console.error(`${order.location_name} is not accessible with this token`);
  process.exit(1);
}

const appointment = await unwrap(
  client.POST('/appointments', {
    body: {
      appointment: {
        location_name: warehouse.name,
        scheduled_at: wallClock(DateTime.fromISO(localTime)),
        carrier_name: carrier ?? null,
        reference_numbers: [`TMS-${poNumber}`],
        packing_lists: order.purchase_order_items.map((item) => ({
          po_number: order.po_number,
          product_name: item.product_name,
          quantity: item.quantity,
        })),
      },
    },
  }),
);
const start = parseTime(appointment.scheduled_at!, warehouse.time_zone);
console.log(
  `appointment ${appointment.id} for ${poNumber} is ${appointment.state}: ` +
    `${start.toFormat('ccc d LLL yyyy HH:mm ZZZZ')} at ${warehouse.name}`,
);
