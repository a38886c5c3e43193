// An appointment's packing lists, written with the nested-attributes convention
// (DECISIONS 34): an entry with `id` changes that list, `_destroy` removes it, an entry
// without `id` adds one, lists not mentioned stay. Everything is checked before anything is
// written, with all products, purchase orders and ids looked up in one query each.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import { type Appointment, PackingList } from '../../entities/appointment.js';
import type { Location } from '../../entities/location.js';
import type { Product } from '../../entities/product.js';
import type { PurchaseOrder } from '../../entities/purchase-order.js';
import { rows, sql } from '../../sql/statements.js';
import type { FieldErrorCollector } from '../field-error-collector.js';
import { MAX_RECORD_ID } from '../tenant-lookup.js';
import { trimToNull } from '../text.js';
import { pickNamed } from './references.js';

type PackingListInput = components['schemas']['PackingListInput'];

/** An appointment's packing lists, however many requests added them (DECISIONS 59). */
export const MAX_PACKING_LISTS = 100;

/** What a packing list stores besides its keys and times. */
export type PackingListValues = Pick<
  PackingList,
  'productId' | 'productName' | 'purchaseOrderId' | 'poNumber' | 'quantity' | 'receivedQuantity'
>;

type Fields = Partial<PackingListValues>;

/** What planning reads of a stored packing list: an entity, or a row a write read with its appointment. */
export type StoredPackingList = Pick<PackingList, 'id' | 'publicId' | 'appointmentId'> & PackingListValues;

export type PackingListStep<L extends StoredPackingList = StoredPackingList> =
  | { add: Fields }
  | { change: L; fields: Fields }
  | { remove: L };

export interface PackingListPlan<L extends StoredPackingList = StoredPackingList> {
  steps: PackingListStep<L>[];
}

/**
 * The stored packing lists an update's entries may name, by the ids the API shows (DECISIONS 440),
 * and how many the appointment has.
 */
export interface StoredPackingLists<L extends StoredPackingList> {
  byId: Map<number, L>;
  count: number;
}

/** What the entries' names are checked against, read as rows (issue 34: no entities loaded). */
interface References {
  products: Pick<Product, 'id' | 'name'>[];
  purchaseOrders: Pick<PurchaseOrder, 'id' | 'poNumber' | 'locationId'>[];
}

/** The entries' ids worth looking up: an id beyond the id type names no packing list and must not reach a query. */
export const packingListIds = (inputs: PackingListInput[]) =>
  inputs.map((input) => input.id).filter((id): id is number => id !== undefined && id <= MAX_RECORD_ID);

/** The packing lists of the unit of work's `appointment` that `inputs` name, and its count (bulk of provisioning). */
export async function storedPackingLists(
  em: EntityManager,
  appointment: Appointment,
  inputs: PackingListInput[],
): Promise<StoredPackingLists<PackingList>> {
  const ids = packingListIds(inputs);
  const existing = ids.length
    ? await em.find(PackingList, { organizationId: appointment.organizationId, publicId: { $in: ids } })
    : [];
  return {
    byId: new Map(existing.map((list) => [list.publicId, list])),
    count: await em.count(PackingList, { appointmentId: appointment.id }),
  };
}

async function loadReferences(em: EntityManager, location: Location, inputs: PackingListInput[]): Promise<References> {
  const present = (values: (string | null | undefined)[]) => [
    ...new Set(values.map(trimToNull).filter((v): v is string => v !== null)),
  ];
  const productNames = present(inputs.map((input) => input.product_name)).map((name) => name.toLowerCase());
  // Purchase order numbers are identifiers, compared exactly (DECISIONS 49).
  const poNumbers = present(inputs.map((input) => input.po_number));
  const organizationId = location.organizationId;
  const products = productNames.length
    ? await rows<References['products'][number]>(
        em,
        sql`select p.id, p.name from products p
          where p.organization_id = ${organizationId} and p.location_id = ${location.id}
            and lower(p.name) = any(${productNames}::text[])`,
      )
    : [];
  // Locked, in number order as every writer locks orders (DECISIONS 66): a move of an order in
  // flight is waited for and its new location seen, and a move that comes later waits for this
  // appointment and sees its booking (DECISIONS 140). Not merely for share: the packing lists'
  // trigger bumps the orders' versions, and two bookings of one order each holding a share lock
  // while waiting to update would deadlock.
  const purchaseOrders = poNumbers.length
    ? await rows<References['purchaseOrders'][number]>(
        em,
        sql`select po.id, po.po_number as "poNumber", po.location_id as "locationId" from purchase_orders po
          where po.organization_id = ${organizationId} and po.po_number = any(${poNumbers}::text[])
          order by po.po_number for update`,
      )
    : [];
  return { products, purchaseOrders };
}

/** Resolves the names an entry carries into the fields to store, adding an error for each that does not fit. */
function resolveFields(
  input: PackingListInput,
  location: Location,
  references: References,
  field: (name: string) => string,
  errors: FieldErrorCollector,
): Fields {
  const fields: Fields = {};
  if (input.product_name !== undefined) {
    const kind = { one: `a product of ${location.name}`, many: `products of ${location.name}` };
    const product = pickNamed(references.products, input.product_name, (p) => p.name, kind);
    if ('found' in product) Object.assign(fields, { productId: product.found.id, productName: product.found.name });
    else errors.add(field('product_name'), product.problem);
  }
  if (input.po_number !== undefined) {
    const poNumber = trimToNull(input.po_number);
    // Only orders at this warehouse or not yet assigned can arrive here.
    const candidates = references.purchaseOrders.filter((order) => (order.locationId ?? location.id) === location.id);
    const kind = { one: `a purchase order at ${location.name} or an unassigned one` };
    const order = poNumber ? candidates.find((candidate) => candidate.poNumber === poNumber) : undefined;
    if (!poNumber) Object.assign(fields, { purchaseOrderId: null, poNumber: null });
    else if (order) Object.assign(fields, { purchaseOrderId: order.id, poNumber: order.poNumber });
    else errors.add(field('po_number'), `is not ${kind.one}`);
  }
  if (input.quantity !== undefined) fields.quantity = input.quantity;
  if (input.received_quantity !== undefined) fields.receivedQuantity = input.received_quantity;
  return fields;
}

/**
 * Checks every entry against the warehouse (`appointment` and its `stored` lists are undefined
 * while creating, when no entry may carry an `id`) and answers what to write. Problems go to
 * `errors`, keyed `packing_lists[i].field`.
 */
export async function planPackingLists<L extends StoredPackingList>(
  em: EntityManager,
  location: Location,
  appointment: { id: number; publicId: number; stored: StoredPackingLists<L> } | undefined,
  inputs: PackingListInput[],
  errors: FieldErrorCollector,
): Promise<PackingListPlan<L>> {
  const references = await loadReferences(em, location, inputs);
  const steps: PackingListStep<L>[] = [];
  inputs.forEach((input, index) => {
    const field = (name: string) => `packing_lists[${index}].${name}`;
    if (input.id === undefined) {
      // Removal needs an id to remove; silently dropping the entry would hide a client bug (DECISIONS 40).
      if (input._destroy) {
        errors.add(field('_destroy'), 'needs the id of the packing list to remove');
        return;
      }
      const fields = resolveFields(input, location, references, field, errors);
      if (input.product_name === undefined) errors.add(field('product_name'), 'is required');
      if (input.quantity === undefined) errors.add(field('quantity'), 'is required');
      steps.push({ add: fields });
      return;
    }
    const existing = appointment?.stored.byId.get(input.id);
    if (!appointment) {
      errors.add(field('id'), 'is not allowed when creating an appointment; leave it out to add a packing list');
    } else if (!existing || existing.appointmentId !== appointment.id) {
      errors.add(field('id'), `is not a packing list of appointment ${appointment.publicId}`);
    } else if (input._destroy) {
      steps.push({ remove: existing });
    } else {
      const fields = resolveFields(input, location, references, field, errors);
      const changes = Object.entries(fields).some(([name, value]) => existing[name as keyof Fields] !== value);
      if (changes) steps.push({ change: existing, fields });
    }
  });
  const stored = appointment?.stored.count ?? 0;
  const count = stored + steps.filter((step) => 'add' in step).length - steps.filter((step) => 'remove' in step).length;
  if (count > MAX_PACKING_LISTS)
    errors.add('packing_lists', `would leave the appointment with ${count}; it may have at most ${MAX_PACKING_LISTS}`);
  return { steps };
}

/** Writes a checked plan; the appointment must have its id. Answers whether anything changed. */
export function applyPackingListPlan(
  em: EntityManager,
  appointment: Appointment,
  plan: PackingListPlan<PackingList>,
): boolean {
  for (const step of plan.steps) {
    if ('add' in step) {
      em.create(PackingList, {
        organizationId: appointment.organizationId,
        appointmentId: appointment.id,
        purchaseOrderId: null,
        poNumber: null,
        receivedQuantity: null,
        ...step.add,
      } as never);
    } else if ('change' in step) {
      em.assign(step.change, step.fields);
    } else {
      em.remove(step.remove);
    }
  }
  return plan.steps.length > 0;
}
