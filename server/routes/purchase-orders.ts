import type { Handlers } from '../http/handler.js';
import { notImplemented } from './not-implemented.js';

export const purchaseOrderHandlers: Pick<
  Handlers,
  | 'listPurchaseOrders'
  | 'createPurchaseOrder'
  | 'getPurchaseOrder'
  | 'updatePurchaseOrder'
  | 'putPurchaseOrder'
  | 'deletePurchaseOrder'
  | 'listPurchaseOrdersWithBookedAppointments'
> = {
  listPurchaseOrders: notImplemented,
  createPurchaseOrder: notImplemented,
  getPurchaseOrder: notImplemented,
  updatePurchaseOrder: notImplemented,
  putPurchaseOrder: notImplemented,
  deletePurchaseOrder: notImplemented,
  listPurchaseOrdersWithBookedAppointments: notImplemented,
};
