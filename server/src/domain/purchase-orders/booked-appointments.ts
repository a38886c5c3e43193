// Booked appointments of purchase orders (DECISIONS 30): appointments in a booked state at
// an accessible location whose packing lists name the order. Appointments elsewhere never
// count: they neither appear, nor satisfy a time filter, nor make an order match.
import type { Appointment } from '../../entities/appointment.js';
import { empty, raw, type Sql, sql } from '../../sql/statements.js';
import { bookedStates } from '../appointment-states.js';
import { purchaseOrderFilterSql } from './list.js';

export interface BookedScope {
  organizationId: number;
  /** Where appointments may be: the user's accessible locations (on a location interface, that one). */
  appointmentLocationIds: number[];
}

/** Which appointments `a` count (DECISIONS 30): the organization's, booked, at `scope`'s locations. */
function bookedRules(scope: BookedScope): Sql {
  // Booked states always have a time (DECISIONS 28); a row without one cannot be rendered.
  return sql`a.organization_id = ${scope.organizationId} and a.state = any(${bookedStates}::text[])
    and a.location_id = any(${scope.appointmentLocationIds}::int[]) and a.scheduled_at is not null`;
}

/** What a purchase order shows of one of its booked appointments. */
export interface BookedAppointmentRow {
  /** The id the API shows (DECISIONS 440). */
  publicId: number;
  locationId: number;
  state: Appointment['state'];
  scheduledAt: Date;
  duration: number;
  referenceNumbers: string[];
  updatedAt: Date;
  dockName: string | null;
  carrierName: string | null;
}

/** One element of `bookedAppointmentsColumn`'s array, as PostgreSQL writes it in JSON. */
export interface BookedAppointmentJson {
  public_id: number;
  location_id: number;
  state: Appointment['state'];
  scheduled_at: string;
  duration: number;
  reference_numbers: string[];
  updated_at: string;
  dock_name: string | null;
  carrier_name: string | null;
}

/**
 * A JSON array column: the booked appointments of the order whose id is `orderId` (a column of
 * the outer statement, such as `po.id`), with their dock's and carrier's names, by the
 * appointments' shown ids. An appointment that names the order on several packing lists appears once (`in`).
 */
export function bookedAppointmentsColumn(scope: BookedScope, orderId: string): Sql {
  return sql`coalesce((select json_agg(appointment order by appointment.public_id) from (
      select a.public_id, a.location_id, a.state, a.scheduled_at, a.duration, a.reference_numbers, a.updated_at,
        (select d.name from docks d where d.id = a.dock_id and d.organization_id = a.organization_id) as dock_name,
        (select c.name from companies c where c.id = a.carrier_id and c.organization_id = a.organization_id)
          as carrier_name
      from appointments a
      where ${bookedRules(scope)} and a.id in (
        select pl.appointment_id from packing_lists pl
        where pl.organization_id = ${scope.organizationId} and pl.purchase_order_id = ${raw(orderId)})
    ) appointment), '[]')`;
}

/** The column's appointments as rows; `time` reads PostgreSQL's text of a time as the ORM does. */
export function readBookedAppointments(
  appointments: BookedAppointmentJson[],
  time: (value: string) => Date,
): BookedAppointmentRow[] {
  return appointments.map((appointment) => ({
    publicId: appointment.public_id,
    locationId: appointment.location_id,
    state: appointment.state,
    scheduledAt: time(appointment.scheduled_at),
    duration: appointment.duration,
    referenceNumbers: appointment.reference_numbers,
    updatedAt: time(appointment.updated_at),
    dockName: appointment.dock_name,
    carrierName: appointment.carrier_name,
  }));
}

export interface BookedSearch extends BookedScope {
  /** Where orders may be: these locations, and unassigned orders everywhere. */
  orderLocationIds: number[];
  startTime?: Date;
  endTime?: Date;
  updatedSince?: Date;
}

/**
 * The search as a condition on `purchase_orders` aliased `po`: the orders `filter` keeps with a
 * booked appointment in scope (and in the time window) on one of their packing lists. The page
 * and its count share it, so they always agree.
 */
export function bookedSearchSql(search: BookedSearch): Sql {
  const rules = bookedRules(search);
  // Its time filters are on the appointments; the orders' own filter keeps only updated_since.
  const filter = purchaseOrderFilterSql(
    { organizationId: search.organizationId, locationIds: search.orderLocationIds, updatedSince: search.updatedSince },
    'po',
  );
  const from = search.startTime ? sql` and a.scheduled_at >= ${search.startTime}` : empty;
  const to = search.endTime ? sql` and a.scheduled_at <= ${search.endTime}` : empty;
  return sql`${filter} and exists (select 1 from packing_lists pl join appointments a on a.id = pl.appointment_id
      where pl.organization_id = ${search.organizationId} and ${rules} and pl.purchase_order_id = po.id${from}${to})`;
}

/**
 * `select … as total`: how many orders an unfiltered search finds, from the counts the triggers
 * of migration `20261127300000_booked_counts` keep (DECISIONS 290): the orders in scope whose
 * booked appointments' locations meet the reader's. Undefined when a filter narrows the search;
 * its matches are counted then.
 */
export function keptBookedTotalSql(search: BookedSearch): Sql | undefined {
  if (search.startTime || search.endTime || search.updatedSince) return undefined;
  return sql`select coalesce(sum(count), 0) as total from booked_order_counts
    where organization_id = ${search.organizationId} and order_location = any(${[...search.orderLocationIds, 0]}::int[])
      and appointment_locations && ${search.appointmentLocationIds}::int[]`;
}
