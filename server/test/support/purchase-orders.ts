// Helpers for the purchase-order suites: request bodies, creating orders through the API,
// and appointments written straight to the database, so a test sets their states and
// times exactly without walking the lifecycle.

import type { ApiClient } from '@warehouse-kit/testing/server';
import { type LocationKey, testOrm, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import type { AppointmentState } from '../../src/entities/appointment.js';
import { Appointment, PackingList } from '../../src/entities/appointment.js';
import { Company } from '../../src/entities/company.js';
import { Dock } from '../../src/entities/dock.js';
import { Location } from '../../src/entities/location.js';
import { rowIdOf } from './record-rows.js';

export function orderBody(fields: Record<string, unknown> = {}) {
  return { purchase_order: { po_number: uniqueId('PO-'), ...fields } };
}

/** Creates an order through the API (a unique number unless given) and returns it. */
export async function createOrder(
  client: ApiClient,
  fields: Record<string, unknown> = {},
  query?: Record<string, string>,
) {
  const res = await client.post('/purchase_orders', orderBody(fields), query);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body;
}

export interface AppointmentRow {
  location: LocationKey;
  /** Purchase orders named by its packing lists, as the API shows them. */
  orders: { id: number; po_number: string }[];
  scheduledAt: string;
  state?: AppointmentState;
  duration?: number;
  dock?: string;
  carrier?: string;
}

/** Inserts an appointment with one packing list per order; answers its id as the API shows it. */
export async function insertAppointment(world: World, row: AppointmentRow): Promise<number> {
  const em = (await testOrm()).em.fork();
  const location = await em.findOneOrFail(Location, { subdomain: `${world.id}-${row.location}` });
  const dock = row.dock ? await em.findOneOrFail(Dock, { locationId: location.id, name: row.dock }) : null;
  const carrier = row.carrier
    ? await em.findOneOrFail(Company, { organizationId: location.organizationId, name: row.carrier })
    : null;
  const appointment = em.create(Appointment, {
    organizationId: location.organizationId,
    locationId: location.id,
    state: row.state ?? 'booked',
    appointmentType: 'delivery',
    scheduledAt: new Date(row.scheduledAt),
    duration: row.duration ?? 60,
    dockId: dock?.id ?? null,
    carrierId: carrier?.id ?? null,
    referenceNumbers: ['BOL-1'],
  } as never);
  await em.flush();
  for (const order of row.orders) {
    em.create(PackingList, {
      organizationId: location.organizationId,
      appointmentId: appointment.id,
      purchaseOrderId: await rowIdOf(world, 'purchase_orders', order.id),
      poNumber: order.po_number,
      productName: 'Apples',
      quantity: 1,
    } as never);
  }
  await em.flush();
  return appointment.publicId;
}
