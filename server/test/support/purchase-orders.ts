// Helpers for the purchase-order suites: request bodies, and booked appointments written
// straight to the database (the appointments API is built separately).
import type { AppointmentState } from '../../entities/appointment.js';
import { Appointment, PackingList } from '../../entities/appointment.js';
import { Company } from '../../entities/company.js';
import { Dock } from '../../entities/dock.js';
import { Location } from '../../entities/location.js';
import { testOrm } from './database.js';
import { uniqueId, type LocationKey, type World } from './world.js';

export function orderBody(fields: Record<string, unknown> = {}) {
  return { purchase_order: { po_number: uniqueId('PO-'), ...fields } };
}

export interface AppointmentRow {
  location: LocationKey;
  /** Purchase orders named by its packing lists. */
  orders: { id: number; po_number: string }[];
  scheduledAt: string;
  state?: AppointmentState;
  duration?: number;
  dock?: string;
  carrier?: string;
}

/** Creates an appointment with one packing list per order, as the appointments API would. */
export async function createAppointment(world: World, row: AppointmentRow): Promise<number> {
  const em = (await testOrm()).em.fork();
  const location = await em.findOneOrFail(Location, { subdomain: `${world.id}-${row.location}` });
  const dock = row.dock ? await em.findOneOrFail(Dock, { locationId: location.id, name: row.dock }) : null;
  const carrier = row.carrier ? await em.findOneOrFail(Company, { organizationId: location.organizationId, name: row.carrier }) : null;
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
      purchaseOrderId: order.id,
      poNumber: order.po_number,
      productName: 'Apples',
      quantity: 1,
    } as never);
  }
  await em.flush();
  return appointment.id;
}
