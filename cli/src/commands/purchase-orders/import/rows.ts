// A purchase order as an import file gives it, and what of an exported order an import ignores.
import { isObject } from '@warehouse-kit/spec';
import { withoutFields } from '../../../import/rows.js';

export interface ItemInput {
  product_name?: unknown;
  quantity?: unknown;
  customer_name?: unknown;
  [field: string]: unknown;
}

export interface Order {
  poNumber: string;
  /** The order's fields other than `po_number` and its items; a field absent from the file is left unchanged. */
  fields: Record<string, unknown>;
  /** The order's complete line items; undefined when the file says nothing about items. */
  items: ItemInput[] | undefined;
}

/** Fields of an order and of its items that only answers carry; an export writes them. */
export const ORDER_ANSWER_FIELDS = ['id', 'earliest_assignment_date', 'appointments', 'created_at', 'updated_at'];
const ITEM_ANSWER_FIELDS = ['id', 'location_name', 'created_at', 'updated_at'];

/**
 * An order's `purchase_order_items` as a file gives them (an export's included): the complete
 * items, which replace the current ones, so their ids are dropped like the other answer-only
 * fields, and a `_destroy` has nothing to mean.
 */
export function itemsOf(value: unknown): ItemInput[] {
  if (!(Array.isArray(value) && value.every(isObject)))
    throw new Error('purchase_order_items must be an array of objects');
  if (value.some((item) => '_destroy' in item))
    throw new Error('purchase_order_items are the complete items of the order; leave out _destroy');
  return value.map((item) => withoutFields(item, ITEM_ANSWER_FIELDS));
}
