// What writing purchase orders looks up in the database: orders by number (locked for the
// write), their items, the locations where they are booked, customers by name, catalog product
// names and the custom fields that apply where. Each kind is one query for however many keys, remembered for the request. A
// bulk upload asks for every row's keys up front, so its rows are planned from memory with no
// round trip per row (DECISIONS 104); a single write asks for its own keys as it goes,
// through the same queries.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Location } from '../../entities/location.js';
import { raw, rows, sql } from '../../sql/statements.js';
import { holdingStates } from '../appointment-states.js';
import { writtenCompanies, writtenCompanyColumns } from '../company-rows.js';
import { type ApplicableCustomFields, CustomFieldsByLocation } from './custom-fields.js';
import { type Customer, CustomerNames, createCustomers, customerKey } from './customers.js';
import { lockedPurchaseOrderRowsByNumber, type StoredOrderRow } from './rows.js';

const productKey = (name: string) => name.trim().toLowerCase();

/** The keys not in `known` yet, each once. */
const missingFrom = <K>(known: { has(key: K): boolean }, keys: K[]): K[] =>
  [...new Set(keys)].filter((key) => !known.has(key));

export class PurchaseOrderLookups {
  private readonly orders = new Map<string, StoredOrderRow | null>();
  /** By order id: the ids of the locations where appointments book it (DECISIONS 140). */
  private readonly bookings = new Map<number, number[]>();
  private readonly customers = new Map<string, Customer | null>();
  /** By location id, then product name key: whether the location has such a product. */
  private readonly catalog = new Map<number, Map<string, boolean>>();
  private readonly reservedIds: number[] = [];
  /** The customers created through these lookups, in order, until taken. */
  private readonly created: Customer[] = [];

  constructor(
    readonly em: EntityManager,
    readonly organizationId: number,
    /** Where the custom fields read for each location are kept: this request alone unless given. */
    private readonly customFields = new CustomFieldsByLocation(),
  ) {}

  /**
   * Reads and locks the orders with these numbers, with their items, in number order
   * (lockedPurchaseOrderRowsByNumber): updates merge into what is stored, so two at once must
   * not both start from the same copy. Their booked appointments are read at the locations
   * `appointmentLocationIds` names: none unless asked for (a bulk upload's events want them).
   */
  async loadOrders(poNumbers: string[], appointmentLocationIds: number[] = []): Promise<void> {
    const missing = missingFrom(this.orders, poNumbers);
    if (missing.length === 0) return;
    const scope = { organizationId: this.organizationId, appointmentLocationIds };
    const found = await lockedPurchaseOrderRowsByNumber(this.em, scope, missing);
    for (const poNumber of missing) this.orders.set(poNumber, null);
    for (const order of found) this.orders.set(order.poNumber, order);
  }

  /** The order with this number, locked, with its items; null when there is none. */
  async orderNumbered(poNumber: string): Promise<StoredOrderRow | null> {
    await this.loadOrders([poNumber]);
    return this.orders.get(poNumber) ?? null;
  }

  /** Whether an order has this number: known for loaded numbers, else counted (no lock needed). */
  async numberTaken(poNumber: string): Promise<boolean> {
    const known = this.orders.get(poNumber);
    if (known !== undefined) return known !== null;
    const found = await rows(
      this.em,
      sql`select 1 from purchase_orders where organization_id = ${this.organizationId} and po_number = ${poNumber} limit 1`,
    );
    return found.length > 0;
  }

  /**
   * Reads where these orders are booked: the locations of their appointments that are not
   * cancelled (packing lists naming them). Callers have the orders locked, and packing lists
   * lock the orders they name (DECISIONS 66), so no booking can arrive while the answer is used.
   */
  async loadBookings(orderIds: number[]): Promise<void> {
    const missing = missingFrom(this.bookings, orderIds);
    if (missing.length === 0) return;
    const found = await rows<{ order_id: number; location_id: number }>(
      this.em,
      sql`select distinct pl.purchase_order_id as order_id, a.location_id from packing_lists pl
        join appointments a on a.id = pl.appointment_id and a.organization_id = pl.organization_id
        where pl.organization_id = ${this.organizationId} and pl.purchase_order_id = any(${missing}::int[])
          and a.state = any(${holdingStates}::text[])
        order by a.location_id`,
    );
    for (const orderId of missing) this.bookings.set(orderId, []);
    for (const row of found) this.bookings.get(row.order_id)!.push(row.location_id);
  }

  /** The ids of the locations where the order is booked, in id order. */
  async bookingLocationIdsOf(orderId: number): Promise<number[]> {
    await this.loadBookings([orderId]);
    return this.bookings.get(orderId)!;
  }

  async loadCustomers(names: string[]): Promise<void> {
    const missing = missingFrom(this.customers, names.map(customerKey));
    if (missing.length === 0) return;
    const found = await writtenCompanies(
      this.em,
      sql`select ${raw(writtenCompanyColumns)} from companies c
        where c.organization_id = ${this.organizationId} and c.company_type = 'customer'
          and lower(c.name) = any(${missing}::text[])`,
    );
    for (const key of missing) this.customers.set(key, null);
    for (const company of found) this.customers.set(customerKey(company.name), company);
  }

  /** The organization's customers these names match, and what an unknown one would do at `location`. */
  async customerNames(location: Location | null, names: string[]): Promise<CustomerNames> {
    await this.loadCustomers(names);
    return new CustomerNames(this.customers, location);
  }

  /** Creates these customers (see createCustomers) and remembers them. */
  async createCustomers(location: Location | null, names: string[]): Promise<Map<string, Customer>> {
    const created = await createCustomers(this.em, this.organizationId, location, names);
    for (const [key, company] of created) this.customers.set(key, company);
    this.created.push(...created.values());
    return created;
  }

  /** The customers created since the last call, in order: each is a change the write reports (DECISIONS 171). */
  takeCreatedCustomers(): Customer[] {
    return this.created.splice(0);
  }

  async loadCatalog(location: Location, productNames: string[]): Promise<void> {
    const known = this.catalog.get(location.id) ?? new Map<string, boolean>();
    this.catalog.set(location.id, known);
    const missing = missingFrom(known, productNames.map(productKey));
    if (missing.length === 0) return;
    const found = await rows<{ key: string }>(
      this.em,
      sql`select distinct lower(name) as key from products
        where organization_id = ${this.organizationId} and location_id = ${location.id}
          and lower(name) = any(${missing}::text[])`,
    );
    for (const key of missing) known.set(key, false);
    for (const row of found) known.set(row.key, true);
  }

  /** Which of these product names (trimmed, case-insensitively) name a product of `location`. */
  async catalogHas(location: Location, productNames: string[]): Promise<(name: string) => boolean> {
    await this.loadCatalog(location, productNames);
    const known = this.catalog.get(location.id)!;
    return (name) => known.get(productKey(name)) === true;
  }

  /** The custom fields an order at `location` (null: unassigned) uses. */
  customFieldsAt(location: Location | null): Promise<ApplicableCustomFields> {
    return this.customFields.at(this.em, this.organizationId, location);
  }

  /**
   * Reserves ids for `count` new orders in one statement, so that their items can name them
   * and the whole batch can be written together (writePurchaseOrders).
   */
  async reserveOrderIds(count: number): Promise<void> {
    if (count < 1) return;
    const reserved = await rows<{ id: number }>(
      this.em,
      sql`select nextval(pg_get_serial_sequence('purchase_orders', 'id'))::int as id from generate_series(1, ${count}::int)`,
    );
    this.reservedIds.push(...reserved.map((row) => row.id));
  }

  /** An id for a new order: a reserved one, or one reserved now. */
  async newOrderId(): Promise<number> {
    if (this.reservedIds.length === 0) await this.reserveOrderIds(1);
    return this.reservedIds.shift()!;
  }
}
