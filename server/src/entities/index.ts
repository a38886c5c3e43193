import { ApiUser, LocationRole } from './api-user.js';
import { Appointment, PackingList } from './appointment.js';
import { Company } from './company.js';
import { CustomFieldDefinition, CustomFieldLocation } from './custom-field.js';
import { Dock } from './dock.js';
import { Location } from './location.js';
import { Organization } from './organization.js';
import { Product } from './product.js';
import { ProductLimit, ProductLimitOverride } from './product-limit.js';
import { PurchaseOrder, PurchaseOrderItem } from './purchase-order.js';

export const entities = [
  Organization,
  Location,
  ApiUser,
  LocationRole,
  Dock,
  Company,
  Product,
  CustomFieldDefinition,
  CustomFieldLocation,
  PurchaseOrder,
  PurchaseOrderItem,
  Appointment,
  PackingList,
  ProductLimit,
  ProductLimitOverride,
];

export {
  ApiUser,
  Appointment,
  Company,
  CustomFieldDefinition,
  CustomFieldLocation,
  Dock,
  Location,
  LocationRole,
  Organization,
  PackingList,
  Product,
  ProductLimit,
  ProductLimitOverride,
  PurchaseOrder,
  PurchaseOrderItem,
};
