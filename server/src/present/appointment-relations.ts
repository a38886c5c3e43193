// What rendering a page of appointments needs besides the rows: their packing lists, docks
// and companies, each in one query however long the page is.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Appointment, PackingList } from '../entities/appointment.js';
import { Company } from '../entities/company.js';
import { Dock } from '../entities/dock.js';
import type { AppointmentRelations } from '../render/appointment.js';

const ids = (values: (number | null | undefined)[]) => [
  ...new Set(values.filter((id): id is number => typeof id === 'number')),
];

export async function loadAppointmentRelations(
  em: EntityManager,
  appointments: Appointment[],
): Promise<AppointmentRelations> {
  const appointmentIds = ids(appointments.map((a) => a.id));
  const dockIds = ids(appointments.map((a) => a.dockId));
  const companyIds = ids(appointments.flatMap((a) => [a.carrierId, a.customerId]));
  const packingLists = appointmentIds.length
    ? await em.find(PackingList, { appointmentId: { $in: appointmentIds } }, { orderBy: { id: 'asc' } })
    : [];
  const docks = dockIds.length ? await em.find(Dock, { id: { $in: dockIds } }) : [];
  const companies = companyIds.length ? await em.find(Company, { id: { $in: companyIds } }) : [];

  const byAppointment = new Map<number, PackingList[]>();
  for (const list of packingLists)
    byAppointment.set(list.appointmentId, [...(byAppointment.get(list.appointmentId) ?? []), list]);
  return {
    packingLists: byAppointment,
    docks: new Map(docks.map((dock) => [dock.id, dock])),
    companies: new Map(companies.map((company) => [company.id, company])),
  };
}
