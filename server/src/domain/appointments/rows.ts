// Appointments as responses show them, read as plain rows in one statement: each appointment
// with its dock's and companies' names and its packing lists nested as a JSON array, and a list
// page's total as a column of every row, as purchase orders are (DECISIONS 103, 263). Rows are
// only read and rendered, never entities: a read builds no query and hydrates nothing. Every
// table is read within the organization.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Appointment } from '../../entities/appointment.js';
import { empty, raw, rows, type Sql, sql } from '../../sql/statements.js';
import { type CountedScope, countedMatchesSql, countedTotalSql, listPage, type PageRequest } from '../pagination.js';
import { type RecordRef, recordRefSql, timeReader } from '../sql.js';
import type { StoredPackingList, StoredPackingLists } from './packing-lists.js';
import type { AppointmentFields, AppointmentParts, Party, StoredAppointment } from './row-shapes.js';

/** An appointment as a response needs it, with its version (DECISIONS 119). */
export interface AppointmentRow extends AppointmentFields {
  locationId: number;
  parts: AppointmentParts;
  version: string;
}

/** The parts columns of a row, as PostgreSQL answers them: packing lists as parsed JSON, their times as ISO 8601 text. */
interface RawParts {
  dock_name: string | null;
  carrier_name: string | null;
  customer_name: string | null;
  packing_lists: {
    id: number;
    public_id: number;
    /** Only in a write's read (lockedAppointmentRow). */
    product_id?: number | null;
    purchase_order_id?: number | null;
    po_number: string | null;
    product_name: string;
    quantity: number | string;
    received_quantity: number | string | null;
    created_at: string;
    updated_at: string;
  }[];
}

interface RawRow extends RawParts {
  id: number;
  public_id: number;
  location_id: number;
  state: Appointment['state'];
  appointment_type: Appointment['appointmentType'];
  scheduled_at: string | null;
  duration: number;
  reference_numbers: string[];
  notes: string | null;
  created_at: string;
  updated_at: string;
  version: string;
  total?: string | number | null;
}

/**
 * The names and packing lists of the appointment `a`, as columns (its packing lists with the ids
 * they refer to, for a write; a write's own from its common table expression `children`, its
 * lists as it leaves them, row-statements.ts). Names are scalar subqueries rather than joins:
 * PostgreSQL plans the statement on every request, and joins cost it more to plan than the
 * lookups cost to run.
 */
const partsColumnsWith = (
  keys: boolean,
  lists = 'packing_lists p where p.organization_id = a.organization_id and p.appointment_id = a.id',
) => `
    (select d.name from docks d where d.id = a.dock_id and d.organization_id = a.organization_id) as dock_name,
    (select c.name from companies c where c.id = a.carrier_id and c.organization_id = a.organization_id)
      as carrier_name,
    (select c.name from companies c where c.id = a.customer_id and c.organization_id = a.organization_id)
      as customer_name,
    coalesce((select json_agg(list order by list.public_id) from (
        select p.id, p.public_id, p.po_number, p.product_name, p.quantity, p.received_quantity, p.created_at,
          p.updated_at
          ${keys ? ', p.product_id, p.purchase_order_id' : ''}
        from ${lists}
      ) list), '[]') as packing_lists`;

const partsColumns = partsColumnsWith(false);

function readParts(raw: RawParts, time: (value: string) => Date): AppointmentParts {
  return {
    dockName: raw.dock_name,
    carrierName: raw.carrier_name,
    customerName: raw.customer_name,
    packingLists: raw.packing_lists.map((list) => ({
      id: list.id,
      publicId: list.public_id,
      poNumber: list.po_number,
      productName: list.product_name,
      quantity: Number(list.quantity),
      receivedQuantity: list.received_quantity === null ? null : Number(list.received_quantity),
      createdAt: time(list.created_at),
      updatedAt: time(list.updated_at),
    })),
  };
}

function readRow(raw: RawRow, time: (value: string) => Date): AppointmentRow {
  return {
    id: raw.id,
    publicId: raw.public_id,
    locationId: raw.location_id,
    state: raw.state,
    appointmentType: raw.appointment_type,
    scheduledAt: raw.scheduled_at === null ? null : time(raw.scheduled_at),
    duration: raw.duration,
    referenceNumbers: raw.reference_numbers,
    notes: raw.notes,
    createdAt: time(raw.created_at),
    updatedAt: time(raw.updated_at),
    parts: readParts(raw, time),
    version: raw.version,
  };
}

const ownColumns = `a.id, a.public_id, a.location_id, a.state, a.appointment_type, a.scheduled_at, a.duration,
    a.reference_numbers, a.notes, a.created_at, a.updated_at, a.version`;
const rowColumns = `${ownColumns}, ${partsColumns}`;
/** rowColumns of a write's own statement: its packing lists from its `children` (writtenAppointmentRow). */
const writtenColumns = `${ownColumns}, ${partsColumnsWith(false, 'children p')}`;

/** The raw row of the organization's appointment `ref` names (`columns` of `a`), locked for a write when asked. */
async function rawAppointment<R>(
  em: EntityManager,
  columns: string,
  where: { organizationId: number; ref: RecordRef; lock?: boolean },
): Promise<R | undefined> {
  const [found] = await rows<R>(
    em,
    sql`select ${raw(columns)} from appointments a
      where a.organization_id = ${where.organizationId} and ${recordRefSql('a', where.ref)}${where.lock ? raw(' for update of a') : empty}`,
  );
  return found;
}

/** The organization's appointment `ref` names, or undefined. */
export async function appointmentRow(
  em: EntityManager,
  organizationId: number,
  ref: RecordRef,
): Promise<AppointmentRow | undefined> {
  const found = await rawAppointment<RawRow>(em, rowColumns, { organizationId, ref });
  return found && readRow(found, timeReader(em));
}

/** An appointment as a write locks and reads it: its row, what planning reads of it, and its parties and packing lists. */
export interface LockedAppointment extends AppointmentRow, StoredAppointment {
  id: number;
  publicId: number;
  carrier: Party | null;
  customer: Party | null;
  packingLists: StoredPackingLists<StoredPackingList>;
}

interface LockedRaw extends RawRow {
  organization_id: number;
  dock_id: number | null;
  carrier_id: number | null;
  customer_id: number | null;
  carrier_auto_approve: boolean | null;
  customer_auto_approve: boolean | null;
}

/** A party's auto-approval, read with the appointment. */
const autoApproveColumn = (party: 'carrier' | 'customer') =>
  `(select c.auto_approve_appointments from companies c
      where c.id = a.${party}_id and c.organization_id = a.organization_id) as ${party}_auto_approve`;

/**
 * The organization's appointment with this shown id (DECISIONS 440), locked for a write (two
 * clients moving it at once are checked one after the other against the lifecycle), read whole
 * with what planning needs, in one statement: its lock, its plan's input and its event's
 * `before` (DECISIONS 395).
 */
export async function lockedAppointmentRow(
  em: EntityManager,
  organizationId: number,
  publicId: number,
): Promise<LockedAppointment | undefined> {
  const found = await rawAppointment<LockedRaw>(
    em,
    `${ownColumns}, ${partsColumnsWith(true)}, a.organization_id, a.dock_id, a.carrier_id, a.customer_id,
      ${autoApproveColumn('carrier')}, ${autoApproveColumn('customer')}`,
    { organizationId, ref: { publicId }, lock: true },
  );
  if (!found) return undefined;
  const party = (partyId: number | null, autoApprove: boolean | null) =>
    partyId === null ? null : { id: partyId, autoApproveAppointments: autoApprove === true };
  const lists = found.packing_lists.map((list) => ({
    id: list.id,
    publicId: list.public_id,
    appointmentId: found.id,
    productId: list.product_id ?? null,
    productName: list.product_name,
    purchaseOrderId: list.purchase_order_id ?? null,
    poNumber: list.po_number,
    quantity: Number(list.quantity),
    receivedQuantity: list.received_quantity === null ? null : Number(list.received_quantity),
  }));
  return {
    ...readRow(found, timeReader(em)),
    organizationId: found.organization_id,
    dockId: found.dock_id,
    carrierId: found.carrier_id,
    customerId: found.customer_id,
    carrier: party(found.carrier_id, found.carrier_auto_approve),
    customer: party(found.customer_id, found.customer_auto_approve),
    packingLists: { byId: new Map(lists.map((list) => [list.publicId, list])), count: lists.length },
  };
}

/**
 * The appointment a write's statement leaves (`write`: `with a as (…), children as (…)`, its row
 * and its packing lists as it writes them; row-statements.ts), read whole as responses show it,
 * in the write's own statement, with the version its row returns.
 */
export async function writtenAppointmentRow(em: EntityManager, write: Sql): Promise<AppointmentRow> {
  const [written] = await rows<RawRow>(em, sql`${write} select ${raw(writtenColumns)} from a`);
  return readRow(written!, timeReader(em));
}

/**
 * A page of the appointments `where` keeps (a condition on `appointments` aliased `a`), and how
 * many match in all: kept (DECISIONS 265) when `counted` says the list is unfiltered.
 */
export function appointmentPage(
  em: EntityManager,
  where: Sql,
  request: PageRequest,
  counted: CountedScope | undefined,
): Promise<{ rows: AppointmentRow[]; total: number }> {
  const list = { columns: rowColumns, table: 'appointments', alias: 'a', where };
  const time = timeReader(em);
  const total = counted ? countedTotalSql(counted) : countedMatchesSql(list);
  return listPage(em, list, total, request, (found: RawRow[]) => found.map((row) => readRow(row, time)));
}

/**
 * An appointment's parts as they are stored, within the request's transaction: a write renders
 * its appointment's own fields from the entity it changed, and these from the database.
 */
export async function loadAppointmentParts(
  em: EntityManager,
  appointment: Appointment,
): Promise<AppointmentParts | undefined> {
  const [parts] = await rows<RawParts>(
    em,
    sql`select ${raw(partsColumns)} from appointments a
      where a.organization_id = ${appointment.organizationId} and a.id = ${appointment.id}`,
  );
  return parts && readParts(parts, timeReader(em));
}
