// What an order and its items hold as responses show them: read as plain rows (rows.ts) and
// rendered (render/purchase-order.ts) in one shape. Types only.
import type { PurchaseOrder, PurchaseOrderItem } from '../../entities/purchase-order.js';

/** An order's own fields. */
export type PurchaseOrderFields = Pick<
  PurchaseOrder,
  | 'id'
  | 'publicId'
  | 'poNumber'
  | 'expectedStartsAt'
  | 'expectedEndsAt'
  | 'earliestAssignmentDate'
  | 'carrierName'
  | 'referenceNumbers'
  | 'notes'
  | 'customValues'
  | 'createdAt'
  | 'updatedAt'
>;

/** An item's fields, with its customer's name. */
export type PurchaseOrderItemRow = Pick<
  PurchaseOrderItem,
  'id' | 'publicId' | 'productName' | 'quantity' | 'customValues' | 'createdAt' | 'updatedAt'
> & { customerName: string | null };
