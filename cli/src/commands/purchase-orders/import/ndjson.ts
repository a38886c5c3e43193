// NDJSON import files: one purchase order per line, with any field the API accepts
// (custom_values included), and its complete `purchase_order_items`.
import type { ImportOrder, ItemInput, ParsedFile, RowError } from './rows.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The order object of a line; the API's own request shape (`{"purchase_order": {...}}`) is accepted too. */
function recordOf(value: unknown): unknown {
  return isObject(value) && isObject(value.purchase_order) && Object.keys(value).length === 1
    ? value.purchase_order
    : value;
}

function toOrder(record: unknown, line: number): ImportOrder {
  if (!isObject(record)) throw new Error('expected a JSON object per line');
  const { po_number: poNumber, purchase_order_items: items, ...fields } = record;
  if (typeof poNumber !== 'string' || !poNumber.trim()) throw new Error('po_number must be a non-empty string');
  if (items !== undefined && !(Array.isArray(items) && items.every(isObject)))
    throw new Error('purchase_order_items must be an array of objects');
  // The file holds an order's complete items, which replace the current ones; ids would mix the two.
  if (items?.some((item) => 'id' in item || '_destroy' in item))
    throw new Error('purchase_order_items are replaced on import; leave out id and _destroy');
  return { line, poNumber, fields, items: items as ItemInput[] | undefined };
}

export function parseNdjson(text: string): ParsedFile {
  const orders: ImportOrder[] = [];
  const errors: RowError[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((content, index) => {
    const line = index + 1;
    if (!content.trim()) return;
    let record: unknown;
    try {
      record = recordOf(JSON.parse(content));
    } catch (error) {
      errors.push({ line, poNumber: undefined, error: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    try {
      const order = toOrder(record, line);
      const earlier = seen.get(order.poNumber);
      if (earlier !== undefined) throw new Error(`po_number ${order.poNumber} is also on line ${earlier}`);
      seen.set(order.poNumber, line);
      orders.push(order);
    } catch (error) {
      const poNumber = isObject(record) && typeof record.po_number === 'string' ? record.po_number : undefined;
      errors.push({ line, poNumber, error: (error as Error).message });
    }
  });
  return { orders, errors };
}
