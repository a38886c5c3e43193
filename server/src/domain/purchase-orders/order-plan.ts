// What a checked write of an order holds before it is written, whichever way it is written (the
// unit of work or statements of its own). Types only.
import type { PurchaseOrder } from '../../entities/purchase-order.js';
import type { Customer } from './customers.js';
import type { ItemPlan, StoredItem } from './items.js';
import type { PurchaseOrderFields } from './row-shapes.js';

/** What planning reads of a stored order: an entity in the unit of work, or a row a write read (StoredOrderRow). */
export type StoredOrder = Omit<PurchaseOrderFields, 'createdAt' | 'updatedAt'> & Pick<PurchaseOrder, 'locationId'>;

/** What an order holds once written: its columns other than keys and times. */
export type OrderValues = Omit<StoredOrder, 'id' | 'publicId'>;

/** A checked write: the order's values, its items' plan, and the customers it created for them. */
export interface OrderPlan<I extends StoredItem> {
  values: OrderValues;
  items: ItemPlan<I>;
  customers: Map<string, Customer>;
}
