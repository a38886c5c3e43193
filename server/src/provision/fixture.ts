// The provisioning file: YAML or JSON describing organizations, their locations, users and
// tokens, and the data the API reads but does not write (settings, docks, custom fields,
// product limits). Records the API does write (companies, products) use the API's own
// request schemas, so a fixture line reads like a request body.
import { readFileSync } from 'node:fs';
import type { components } from '@warehouse-kit/spec';
import { createAjv, describeSchemaError } from '@warehouse-kit/spec/validators';
import { parse } from 'yaml';
import { type Requirable, requirableFields } from '../domain/purchase-orders/fields.js';
import { type Role, roles } from '../entities/api-user.js';
import { type CustomFieldRules, customFieldTargets, customFieldTypes } from '../entities/custom-field.js';
import { systemReason } from '../system-error.js';

type Schemas = components['schemas'];

export interface LocationSettingsFixture {
  require_catalog_products?: boolean;
  required_po_fields?: Requirable[];
  allow_customer_creation?: boolean;
  new_customer_auto_approve?: boolean;
  new_customer_can_create_carriers?: boolean;
}

export interface ProductLimitFixture {
  /** Name or SKU of a product of the location. */
  product: string;
  quantity: number;
  start_time: string;
  end_time: string;
  days_of_week?: number[];
  start_date: string;
  end_date?: string | null;
  enabled?: boolean;
  overrides?: { date: string; quantity: number; start_time?: string; end_time?: string }[];
}

export interface LocationFixture {
  name: string;
  subdomain: string;
  time_zone: string;
  paid?: boolean;
  settings?: LocationSettingsFixture;
  docks?: string[];
  products?: { name: string; sku?: string | null }[];
  product_limits?: ProductLimitFixture[];
}

export interface UserFixture {
  name: string;
  token: string;
  /** Location name to role; a location not listed is inaccessible. */
  roles: Record<string, Role>;
}

export interface CustomFieldFixture {
  key: string;
  label?: string;
  applies_to: (typeof customFieldTargets)[number];
  field_type: (typeof customFieldTypes)[number];
  rules?: CustomFieldRules;
  /** Names of the locations where the field is enabled; none means organization-wide only. */
  locations?: string[];
}

/**
 * An appointment as a create body, plus the state to bring it to through the lifecycle's
 * own transitions. Its first reference number identifies it at its location.
 */
export type AppointmentFixture = Omit<Schemas['AppointmentUpdate'], 'packing_lists'> & {
  location_name: string;
  reference_numbers: string[];
  packing_lists?: Schemas['PackingListCreate'][];
};

export interface OrganizationFixture {
  name: string;
  subdomain: string;
  locations: LocationFixture[];
  users?: UserFixture[];
  companies?: Schemas['CompanyCreate'][];
  custom_fields?: CustomFieldFixture[];
  /** Create bodies; an order whose number exists is left as it is. */
  purchase_orders?: Schemas['PurchaseOrderCreate'][];
  appointments?: AppointmentFixture[];
}

export interface Fixture {
  organizations: OrganizationFixture[];
}

const subdomain = { type: 'string', pattern: '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$' };
const localTime = { $ref: 'urn:warehouse-api:schemas#/$defs/LocalTime' };
const date = { type: 'string', format: 'date' };

const fixtureSchema = {
  type: 'object',
  required: ['organizations'],
  additionalProperties: false,
  properties: {
    organizations: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'subdomain', 'locations'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1 },
          subdomain,
          locations: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              required: ['name', 'subdomain', 'time_zone'],
              additionalProperties: false,
              properties: {
                name: { type: 'string', minLength: 1 },
                subdomain,
                time_zone: { type: 'string' },
                paid: { type: 'boolean' },
                settings: {
                  type: 'object',
                  additionalProperties: false,
                  properties: {
                    require_catalog_products: { type: 'boolean' },
                    required_po_fields: {
                      type: 'array',
                      items: { enum: requirableFields },
                    },
                    allow_customer_creation: { type: 'boolean' },
                    new_customer_auto_approve: { type: 'boolean' },
                    new_customer_can_create_carriers: { type: 'boolean' },
                  },
                },
                docks: { type: 'array', items: { type: 'string', minLength: 1 } },
                products: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['name'],
                    additionalProperties: false,
                    properties: { name: { type: 'string', minLength: 1 }, sku: { type: ['string', 'null'] } },
                  },
                },
                product_limits: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['product', 'quantity', 'start_time', 'end_time', 'start_date'],
                    additionalProperties: false,
                    properties: {
                      product: { type: 'string' },
                      quantity: { type: 'integer', minimum: 0 },
                      start_time: localTime,
                      end_time: localTime,
                      days_of_week: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 7 } },
                      start_date: date,
                      end_date: { type: ['string', 'null'], format: 'date' },
                      enabled: { type: 'boolean' },
                      overrides: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['date', 'quantity'],
                          additionalProperties: false,
                          properties: {
                            date,
                            quantity: { type: 'integer', minimum: 0 },
                            start_time: localTime,
                            end_time: localTime,
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
          users: {
            type: 'array',
            items: {
              type: 'object',
              required: ['name', 'token', 'roles'],
              additionalProperties: false,
              properties: {
                name: { type: 'string', minLength: 1 },
                token: { type: 'string', minLength: 8 },
                roles: { type: 'object', additionalProperties: { enum: [...roles] } },
              },
            },
          },
          companies: { type: 'array', items: { $ref: 'urn:warehouse-api:schemas#/$defs/CompanyCreate' } },
          purchase_orders: { type: 'array', items: { $ref: 'urn:warehouse-api:schemas#/$defs/PurchaseOrderCreate' } },
          appointments: {
            type: 'array',
            items: {
              type: 'object',
              allOf: [{ $ref: 'urn:warehouse-api:schemas#/$defs/AppointmentUpdate' }],
              required: ['location_name', 'reference_numbers'],
              properties: {
                reference_numbers: { type: 'array', minItems: 1 },
                packing_lists: { type: 'array', items: { $ref: 'urn:warehouse-api:schemas#/$defs/PackingListCreate' } },
              },
            },
          },
          custom_fields: {
            type: 'array',
            items: {
              type: 'object',
              required: ['key', 'applies_to', 'field_type'],
              additionalProperties: false,
              properties: {
                key: { type: 'string', pattern: '^[a-z][a-z0-9_]*$' },
                label: { type: 'string' },
                applies_to: { enum: [...customFieldTargets] },
                field_type: { enum: [...customFieldTypes] },
                rules: {
                  type: 'object',
                  additionalProperties: false,
                  properties: {
                    pattern: { type: 'string' },
                    max_length: { type: 'integer', minimum: 1 },
                    options: { type: 'array', items: { type: 'string' } },
                    min: { type: 'number' },
                    max: { type: 'number' },
                  },
                },
                locations: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};

/** A provisioning file that cannot be read or is not valid: the operator's mistake, in one line. */
export class FixtureError extends Error {
  override name = 'FixtureError';
}

const invalid = (file: string, problems: string[]) =>
  new FixtureError(`${file} is not a valid provisioning file: ${problems.join('; ')}`);

/** Parses and checks a fixture; a problem is reported with its path in the file. */
export function parseFixture(text: string, file = 'fixture'): Fixture {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    // The parser's first line says what and where; the lines after it draw the place in the file.
    const what = (error as Error).message.split('\n')[0]!.replace(/:$/, '');
    throw invalid(file, [`not YAML or JSON: ${what}`]);
  }
  const validate = createAjv().compile(fixtureSchema);
  if (!validate(data)) throw invalid(file, (validate.errors ?? []).map(describeSchemaError));
  return data as unknown as Fixture;
}

export function readFixture(path: string): Fixture {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = systemReason(error);
    if (!reason) throw error;
    throw new FixtureError(`cannot read ${path}: ${reason}`);
  }
  return parseFixture(text, path);
}
