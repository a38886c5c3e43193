// Purchase orders as responses show them, read as plain rows in one statement: each order with
// its items (and their customers' names) and its booked appointments (DECISIONS 30) nested as
// JSON arrays, however many orders there are. A list page also carries its total on every
// row (DECISIONS 103). The statement is SQL text and its rows are never entities: they are
// only read and rendered, and building the query and the entities cost the server more than
// PostgreSQL spent running it. Every table is read within the organization.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PurchaseOrder, PurchaseOrderItem } from '../../entities/purchase-order.js';
import { empty, raw, rows, type Sql, sql } from '../../sql/statements.js';
import { pageWithTotal } from '../pagination.js';
import {
  type BookedAppointmentJson,
  type BookedAppointmentRow,
  type BookedScope,
  bookedAppointmentsColumn,
  readBookedAppointments,
} from './booked-appointments.js';
import type { PurchaseOrderFields, PurchaseOrderItemRow } from './row-shapes.js';

/** What the organization's orders are read with: the booked appointments' scope. */
export type OrderRowScope = BookedScope;

export type { PurchaseOrderItemRow } from './row-shapes.js';

export type PurchaseOrderRow = PurchaseOrderFields &
  Pick<PurchaseOrder, 'locationId'> & {
    items: PurchaseOrderItemRow[];
    appointments: BookedAppointmentRow[];
    /** The order's version (DECISIONS 119), read with it: an item read's ETag (DECISIONS 261). */
    version: string;
  };

/** An item as a write plans from it: what responses show, and its customer's id. */
export type StoredItemRow = PurchaseOrderItemRow & Pick<PurchaseOrderItem, 'customerId'>;

/** An order as a write locks and reads it: its response's fields, and its items' customers' ids. */
export type StoredOrderRow = Omit<PurchaseOrderRow, 'items'> & { items: StoredItemRow[] };

/** One element of the items column, as PostgreSQL writes it in JSON. */
interface ItemJson {
  id: number;
  public_id: number;
  product_name: string;
  quantity: number | string;
  custom_values: PurchaseOrderItem['customValues'];
  created_at: string;
  updated_at: string;
  customer_name: string | null;
  /** Only in a write's read (StoredItemRow). */
  customer_id?: number | null;
}

/** A row as the statement answers it: times as PostgreSQL's text, nested rows as parsed JSON. */
interface RawRow {
  id: number;
  public_id: number;
  location_id: number | null;
  po_number: string;
  expected_starts_at: string | null;
  expected_ends_at: string | null;
  earliest_assignment_date: string | null;
  carrier_name: string | null;
  reference_numbers: string[];
  notes: string | null;
  custom_values: PurchaseOrder['customValues'];
  created_at: string;
  updated_at: string;
  items: ItemJson[];
  appointments: BookedAppointmentJson[];
  version: string;
  total?: string | number | null;
}

/** Where ordersSql reads its orders `po` from, and what of their items. */
interface OrdersSource {
  /** From the rows a write's common table expressions `po` and `children` returned, rather than the tables. */
  written?: boolean;
  /** Items with their customers' ids (StoredItemRow), for a write to plan from. */
  customerIds?: boolean;
}

/**
 * A JSON array column: the items of the order whose id is `orderId`, with their customers' names
 * (and ids, for a write), by their shown ids; a write's own from its common table expression
 * `children` (its items as it leaves them, row-statements.ts).
 */
function itemsColumn(organizationId: number, orderId: string, source: OrdersSource): Sql {
  const from = source.written
    ? sql`children i`
    : sql`purchase_order_items i where i.organization_id = ${organizationId} and i.purchase_order_id = ${raw(orderId)}`;
  return sql`coalesce((select json_agg(item order by item.public_id) from (
      select i.id, i.public_id, i.product_name, i.quantity, i.custom_values, i.created_at, i.updated_at,${raw(source.customerIds ? ' i.customer_id,' : '')}
        (select c.name from companies c where c.id = i.customer_id and c.organization_id = i.organization_id)
          as customer_name
      from ${from}
    ) item), '[]')`;
}

/**
 * The orders `po` that `where` keeps, with every column a response needs (and `total` as a
 * column when given), then `tail` (order and limit). Names of related rows are scalar
 * subqueries rather than joins: PostgreSQL plans this statement on every request, and joins
 * cost it more to plan than the lookups cost to run.
 */
function ordersSql(scope: OrderRowScope, where: Sql, tail: Sql, total?: Sql, source: OrdersSource = {}): Sql {
  const items = itemsColumn(scope.organizationId, 'po.id', source);
  const appointments = bookedAppointmentsColumn(scope, 'po.id');
  return sql`select po.id, po.public_id, po.location_id, po.po_number, po.expected_starts_at, po.expected_ends_at,
      po.earliest_assignment_date, po.carrier_name, po.reference_numbers, po.notes, po.custom_values,
      po.created_at, po.updated_at, po.version, ${items} as items, ${appointments} as appointments
      ${total ? sql`, (${total}) as total` : empty}
    from ${raw(source.written ? 'po' : 'purchase_orders po')} where ${where} ${tail}`;
}

/**
 * Raw rows as the ORM would give them to entities: times through its parser (PostgreSQL's
 * text outside JSON, ISO 8601 inside it; both keep whole milliseconds), numeric quantities
 * (text outside JSON) as numbers.
 */
function rowReader(em: EntityManager): (raw: RawRow) => PurchaseOrderRow {
  const platform = em.getPlatform();
  const time = (value: string) => platform.parseDate(value) as Date;
  const nullableTime = (value: string | null) => (value === null ? null : time(value));
  return (raw) => ({
    id: raw.id,
    publicId: raw.public_id,
    locationId: raw.location_id,
    poNumber: raw.po_number,
    expectedStartsAt: nullableTime(raw.expected_starts_at),
    expectedEndsAt: nullableTime(raw.expected_ends_at),
    earliestAssignmentDate: nullableTime(raw.earliest_assignment_date),
    carrierName: raw.carrier_name,
    referenceNumbers: raw.reference_numbers,
    notes: raw.notes,
    customValues: raw.custom_values,
    createdAt: time(raw.created_at),
    updatedAt: time(raw.updated_at),
    items: raw.items.map((item) => ({
      id: item.id,
      publicId: item.public_id,
      productName: item.product_name,
      quantity: Number(item.quantity),
      customValues: item.custom_values,
      createdAt: time(item.created_at),
      updatedAt: time(item.updated_at),
      customerName: item.customer_name,
      ...(item.customer_id === undefined ? {} : { customerId: item.customer_id }),
    })),
    appointments: readBookedAppointments(raw.appointments, time),
    version: raw.version,
  });
}

/** The organization's orders with these row ids, by id; ids of no such order are left out. */
export async function purchaseOrderRowsById(
  em: EntityManager,
  scope: OrderRowScope,
  ids: number[],
): Promise<PurchaseOrderRow[]> {
  if (ids.length === 0) return [];
  const statement = ordersSql(
    scope,
    sql`po.organization_id = ${scope.organizationId} and po.id = any(${ids}::int[])`,
    sql`order by po.id`,
  );
  return (await rows<RawRow>(em, statement)).map(rowReader(em));
}

/** The organization's order with this shown id (DECISIONS 440); undefined when there is none. */
export async function purchaseOrderRowByPublicId(
  em: EntityManager,
  scope: OrderRowScope,
  publicId: number,
): Promise<PurchaseOrderRow | undefined> {
  const statement = ordersSql(
    scope,
    sql`po.organization_id = ${scope.organizationId} and po.public_id = ${publicId}`,
    empty,
  );
  const [row] = await rows<RawRow>(em, statement);
  return row && rowReader(em)(row);
}

/**
 * The orders `where` keeps, locked for a write in the order `tail` gives (updates merge into
 * what is stored, so two at once must not both start from the same copy), with their items'
 * customers' ids.
 */
async function lockedRows(em: EntityManager, scope: OrderRowScope, where: Sql, tail = ''): Promise<StoredOrderRow[]> {
  const statement = ordersSql(scope, where, sql`${raw(tail)} for update of po`, undefined, { customerIds: true });
  // Read with customerIds, so every item has its customerId.
  return (await rows<RawRow>(em, statement)).map(rowReader(em)) as StoredOrderRow[];
}

/**
 * The organization's order with this shown id (DECISIONS 440), locked for a write, with its
 * items' customers' ids; undefined when there is none. One statement: the write's lock, its plan's input and its
 * `before` (DECISIONS 390).
 */
export async function lockedPurchaseOrderRow(
  em: EntityManager,
  scope: OrderRowScope,
  publicId: number,
): Promise<StoredOrderRow | undefined> {
  const where = sql`po.organization_id = ${scope.organizationId} and po.public_id = ${publicId}`;
  return (await lockedRows(em, scope, where))[0];
}

/**
 * The organization's orders with these numbers, locked in number order so that concurrent
 * writers take their locks alike (DECISIONS 66), with their items' customers' ids and their
 * booked appointments in `scope`: what a bulk upload plans from and its events' `before`, in
 * one statement (DECISIONS 416).
 */
export function lockedPurchaseOrderRowsByNumber(
  em: EntityManager,
  scope: OrderRowScope,
  poNumbers: string[],
): Promise<StoredOrderRow[]> {
  const where = sql`po.organization_id = ${scope.organizationId} and po.po_number = any(${poNumbers}::text[])`;
  return lockedRows(em, scope, where, 'order by po.po_number');
}

/**
 * The order a write's statement leaves (`write`: `with po as (…), children as (…)`, its row and
 * its items as it writes them; row-statements.ts), read whole as responses show it, in the
 * write's own statement: its booked appointments as the statement's snapshot holds them, its
 * version as its row returns it.
 */
export async function writtenPurchaseOrderRow(
  em: EntityManager,
  scope: OrderRowScope,
  write: Sql,
): Promise<PurchaseOrderRow> {
  const read = ordersSql(scope, sql`true`, empty, undefined, { written: true });
  const [row] = await rows<RawRow>(em, sql`${write} ${read}`);
  return rowReader(em)(row!);
}

/** Which orders a page holds: a condition on `purchase_orders` aliased `po`, and `select … as total` of its matches. */
export interface OrderSelection {
  where: Sql;
  total: Sql;
}

/**
 * One window of the orders `selection` keeps, by shown id (stable while orders are added;
 * DECISIONS 17, 440), and how many match in all, in one statement (pageWithTotal).
 */
export async function purchaseOrderPage(
  em: EntityManager,
  scope: OrderRowScope,
  { where, total }: OrderSelection,
  window: { limit: number; offset: number },
): Promise<{ rows: PurchaseOrderRow[]; total: number }> {
  const page = ordersSql(scope, where, sql`order by po.public_id limit ${window.limit} offset ${window.offset}`, total);
  return pageWithTotal(em, page, total, window.offset, (rows: RawRow[]) => rows.map(rowReader(em)));
}
