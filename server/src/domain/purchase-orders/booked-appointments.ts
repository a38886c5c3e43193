// Booked appointments of purchase orders (DECISIONS 30): appointments in a booked state at
// an accessible location whose packing lists name the order. Appointments elsewhere never
// count: they neither appear, nor satisfy a time filter, nor make an order match.
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { Appointment } from '../../entities/appointment.js';
import { bookedStates } from '../appointment-states.js';

export interface BookedScope {
  organizationId: number;
  /** Where appointments may be: the user's accessible locations (on a location interface, that one). */
  appointmentLocationIds: number[];
}

/** Packing lists joined to their accessible booked appointments, as `pl` and `a`. */
function bookedLinks(knex: Knex, scope: BookedScope): Knex.QueryBuilder {
  return (
    knex('packing_lists as pl')
      .join('appointments as a', 'a.id', 'pl.appointment_id')
      .where('pl.organization_id', scope.organizationId)
      .whereIn('a.state', bookedStates)
      .whereIn('a.location_id', scope.appointmentLocationIds)
      // Booked states always have a time (DECISIONS 28); a row without one cannot be rendered.
      .whereNotNull('a.scheduled_at')
  );
}

/** What a purchase order shows of one of its booked appointments. */
export interface BookedAppointmentRow {
  id: number;
  locationId: number;
  state: Appointment['state'];
  scheduledAt: Date;
  duration: number;
  referenceNumbers: string[];
  updatedAt: Date;
  dockName: string | null;
  carrierName: string | null;
}

/**
 * Each order's booked appointments, with their dock's and carrier's names, for a page of
 * orders, in one query (by order, then appointment id).
 */
export async function bookedAppointmentsOf(
  em: EntityManager,
  scope: BookedScope,
  orderIds: number[],
): Promise<Map<number, BookedAppointmentRow[]>> {
  const byOrder = new Map<number, BookedAppointmentRow[]>();
  if (orderIds.length === 0) return byOrder;
  const query = bookedLinks(em.getKnex(), scope)
    .leftJoin('docks as d', (join) => join.on('d.id', 'a.dock_id').andOn('d.organization_id', 'a.organization_id'))
    .leftJoin('companies as c', (join) =>
      join.on('c.id', 'a.carrier_id').andOn('c.organization_id', 'a.organization_id'),
    )
    .whereIn('pl.purchase_order_id', orderIds)
    .distinct(
      'pl.purchase_order_id as order_id',
      'a.id',
      'a.location_id',
      'a.state',
      'a.scheduled_at',
      'a.duration',
      'a.reference_numbers',
      'a.updated_at',
      'd.name as dock_name',
      'c.name as carrier_name',
    )
    .orderBy(['pl.purchase_order_id', 'a.id']);
  const rows =
    await em.execute<
      {
        order_id: number;
        id: number;
        location_id: number;
        state: Appointment['state'];
        scheduled_at: string;
        duration: number;
        reference_numbers: string[];
        updated_at: string;
        dock_name: string | null;
        carrier_name: string | null;
      }[]
    >(query);
  // Raw rows carry PostgreSQL's text for times; the ORM's parser reads them as entities get them.
  const time = (value: string) => em.getPlatform().parseDate(value) as Date;
  for (const row of rows) {
    if (!byOrder.has(row.order_id)) byOrder.set(row.order_id, []);
    byOrder.get(row.order_id)!.push({
      id: row.id,
      locationId: row.location_id,
      state: row.state,
      scheduledAt: time(row.scheduled_at),
      duration: row.duration,
      referenceNumbers: row.reference_numbers,
      updatedAt: time(row.updated_at),
      dockName: row.dock_name,
      carrierName: row.carrier_name,
    });
  }
  return byOrder;
}

export interface BookedSearch extends BookedScope {
  /** Where orders may be: these locations, and unassigned orders everywhere. */
  orderLocationIds: number[];
  startTime?: Date;
  endTime?: Date;
  updatedSince?: Date;
  limit: number;
  offset: number;
}

/** The ids of one window of matching orders, by id, and how many match in all. */
export async function searchOrdersWithBookedAppointments(
  em: EntityManager,
  search: BookedSearch,
): Promise<{ ids: number[]; total: number }> {
  const knex = em.getKnex();
  const appointments = bookedLinks(knex, search)
    .whereRaw('pl.purchase_order_id = po.id')
    .modify((query) => {
      if (search.startTime) query.where('a.scheduled_at', '>=', search.startTime);
      if (search.endTime) query.where('a.scheduled_at', '<=', search.endTime);
    })
    .select(knex.raw('1'));
  const orders = knex('purchase_orders as po')
    .where('po.organization_id', search.organizationId)
    .where((query) => query.whereIn('po.location_id', search.orderLocationIds).orWhereNull('po.location_id'))
    .modify((query) => {
      if (search.updatedSince) query.where('po.updated_at', '>=', search.updatedSince);
    })
    .whereExists(appointments);
  const [counted] = await em.execute<{ count: string }[]>(orders.clone().count({ count: '*' }));
  const rows = await em.execute<{ id: number }[]>(
    orders.clone().select('po.id').orderBy('po.id').limit(search.limit).offset(search.offset),
  );
  return { ids: rows.map((row) => row.id), total: Number(counted?.count ?? 0) };
}
