import { defineEntity, type InferEntity } from '@mikro-orm/core';
import type { components } from '@warehouse-kit/spec';
import { Company } from './company.js';
import { Location } from './location.js';
import { recordKeys } from './tenant-keys.js';
import { TextArrayType } from './text-array.js';
import { timestamps } from './timestamps.js';

/** Stored custom values: text fields as strings, JSON fields as objects or arrays. */
export type StoredCustomValues = components['schemas']['CustomValues'];

export const PurchaseOrder = defineEntity({
  name: 'PurchaseOrder',
  tableName: 'purchase_orders',
  properties: (p) => ({
    ...recordKeys(),
    /** null while unassigned. */
    locationId: p.manyToOne(Location).mapToPk().nullable(),
    poNumber: p.text(),
    expectedStartsAt: p.datetime().nullable(),
    expectedEndsAt: p.datetime().nullable(),
    earliestAssignmentDate: p.datetime().nullable(),
    carrierName: p.text().nullable(),
    referenceNumbers: p.array().type(new TextArrayType()),
    notes: p.text().nullable(),
    customValues: p.json<StoredCustomValues>(),
    ...timestamps(),
  }),
});
export type PurchaseOrder = InferEntity<typeof PurchaseOrder>;

/** A line item; it has no location of its own and takes its order's. */
export const PurchaseOrderItem = defineEntity({
  name: 'PurchaseOrderItem',
  tableName: 'purchase_order_items',
  properties: (p) => ({
    ...recordKeys(),
    purchaseOrderId: p.manyToOne(PurchaseOrder).mapToPk(),
    productName: p.text(),
    quantity: p.decimal('number'),
    customerId: p.manyToOne(Company).mapToPk().nullable(),
    customValues: p.json<StoredCustomValues>(),
    ...timestamps(),
  }),
});
export type PurchaseOrderItem = InferEntity<typeof PurchaseOrderItem>;
