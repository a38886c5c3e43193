import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Location } from './location.js';
import { Organization } from './organization.js';
import { tenantKeys } from './tenant-keys.js';
import { timestamps } from './timestamps.js';

export const customFieldTypes = ['text', 'number', 'date', 'boolean', 'select', 'json'] as const;
export type CustomFieldType = (typeof customFieldTypes)[number];
export const customFieldTargets = ['purchase_order', 'purchase_order_item'] as const;
export type CustomFieldTarget = (typeof customFieldTargets)[number];

/** Validation rules of a custom field; which ones apply depends on its type. */
export interface CustomFieldRules {
  pattern?: string;
  max_length?: number;
  options?: string[];
  min?: number;
  max?: number;
}

/**
 * An organization-wide custom field. Several definitions may share a key (enabled at
 * different warehouses); a key whose applicable definitions disagree on the type is
 * ambiguous for an order.
 */
export const CustomFieldDefinition = defineEntity({
  name: 'CustomFieldDefinition',
  tableName: 'custom_field_definitions',
  properties: (p) => ({
    ...tenantKeys(),
    key: p.text(),
    label: p.text(),
    appliesTo: p.enum([...customFieldTargets]),
    fieldType: p.enum([...customFieldTypes]),
    rules: p.json<CustomFieldRules>(),
    ...timestamps(),
  }),
});
export type CustomFieldDefinition = InferEntity<typeof CustomFieldDefinition>;

/** Enables a definition at a warehouse. */
export const CustomFieldLocation = defineEntity({
  name: 'CustomFieldLocation',
  tableName: 'custom_field_locations',
  properties: (p) => ({
    organizationId: p.manyToOne(Organization).mapToPk(),
    customFieldDefinitionId: p.manyToOne(CustomFieldDefinition).mapToPk().primary(),
    locationId: p.manyToOne(Location).mapToPk().primary(),
  }),
});
export type CustomFieldLocation = InferEntity<typeof CustomFieldLocation>;
