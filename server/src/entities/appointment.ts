import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { specEnum } from '@warehouse-kit/spec/enums';
import { Company } from './company.js';
import { Dock } from './dock.js';
import { Location } from './location.js';
import { Product } from './product.js';
import { PurchaseOrder } from './purchase-order.js';
import { recordKeys } from './tenant-keys.js';
import { TextArrayType } from './text-array.js';
import { timestamps } from './timestamps.js';

export const appointmentStates = specEnum('AppointmentState');
export type AppointmentState = (typeof appointmentStates)[number];
export const appointmentTypes = specEnum('AppointmentType');

export const Appointment = defineEntity({
  name: 'Appointment',
  tableName: 'appointments',
  properties: (p) => ({
    ...recordKeys(),
    locationId: p.manyToOne(Location).mapToPk(),
    state: p.enum(appointmentStates),
    appointmentType: p.enum(appointmentTypes),
    scheduledAt: p.datetime().nullable(),
    /** Minutes. */
    duration: p.integer(),
    dockId: p.manyToOne(Dock).mapToPk().nullable(),
    carrierId: p.manyToOne(Company).mapToPk().nullable(),
    customerId: p.manyToOne(Company).mapToPk().nullable(),
    referenceNumbers: p.array().type(new TextArrayType()),
    notes: p.text().nullable(),
    ...timestamps(),
  }),
});
export type Appointment = InferEntity<typeof Appointment>;

/**
 * One line of an appointment's paperwork. The product and purchase order are references
 * for integrity; their names are kept as text so finished appointments outlive them.
 */
export const PackingList = defineEntity({
  name: 'PackingList',
  tableName: 'packing_lists',
  properties: (p) => ({
    ...recordKeys(),
    appointmentId: p.manyToOne(Appointment).mapToPk(),
    purchaseOrderId: p.manyToOne(PurchaseOrder).mapToPk().nullable(),
    poNumber: p.text().nullable(),
    productId: p.manyToOne(Product).mapToPk().nullable(),
    productName: p.text(),
    quantity: p.decimal('number'),
    receivedQuantity: p.decimal('number').nullable(),
    ...timestamps(),
  }),
});
export type PackingList = InferEntity<typeof PackingList>;
