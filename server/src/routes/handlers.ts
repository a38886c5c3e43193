import type { Handlers } from '../http/handler.js';
import { appointmentHandlers } from './appointments.js';
import { bulkUploadHandlers } from './bulk-uploads.js';
import { companyHandlers } from './companies.js';
import { eventHandlers } from './events.js';
import { locationHandlers } from './locations.js';
import { productLimitHandlers } from './product-limits.js';
import { productHandlers } from './products.js';
import { purchaseOrderHandlers } from './purchase-orders.js';
import { webhookDeliveryHandlers } from './webhook-deliveries.js';
import { webhookEndpointHandlers } from './webhook-endpoints.js';

/** Every operation of the spec; the type makes a missing one a compile error. */
export const handlers: Handlers = {
  ...locationHandlers,
  ...productHandlers,
  ...companyHandlers,
  ...appointmentHandlers,
  ...purchaseOrderHandlers,
  ...productLimitHandlers,
  ...bulkUploadHandlers,
  ...eventHandlers,
  ...webhookEndpointHandlers,
  ...webhookDeliveryHandlers,
};
