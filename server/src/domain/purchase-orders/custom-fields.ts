// Which custom fields apply to an order, and merging and checking its values (reference
// 4.6 "Custom fields", DECISIONS 35). An assigned order uses the definitions enabled at its
// warehouse; an unassigned one every definition of the organization, enabled or not.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomFieldDefinition, CustomFieldTarget } from '../../entities/custom-field.js';
import type { Location } from '../../entities/location.js';
import type { StoredCustomValues } from '../../entities/purchase-order.js';
import { empty, rows, sql } from '../../sql/statements.js';
import type { FieldErrorCollector } from '../field-error-collector.js';
import { checkCustomValue } from './custom-field-rules.js';

export type CustomValuesInput = Record<string, unknown>;

const targetNames: Record<CustomFieldTarget, string> = {
  purchase_order: 'purchase orders',
  purchase_order_item: 'purchase order items',
};

/** What checking values needs of a definition. */
type Definition = Pick<CustomFieldDefinition, 'key' | 'appliesTo' | 'fieldType' | 'rules'>;

export class ApplicableCustomFields {
  private readonly byKey = new Map<string, Definition[]>();

  constructor(
    definitions: Definition[],
    /** Where they apply, for messages: "at Toronto DC". */
    private readonly scope: string,
  ) {
    for (const definition of definitions) {
      const key = `${definition.appliesTo}:${definition.key}`;
      this.byKey.set(key, [...(this.byKey.get(key) ?? []), definition]);
    }
  }

  /**
   * Merges sent values into the current ones (null removes a key, keys not sent stay) and
   * checks the whole resulting set: each key must be a field here with one type, and its
   * value must meet every applicable definition's rules. Problems go to `errors` under
   * `<path>custom_values.<key>`; the answer is the set to store.
   */
  merge(
    target: CustomFieldTarget,
    current: StoredCustomValues,
    sent: CustomValuesInput | undefined,
    path: string,
    errors: FieldErrorCollector,
  ): StoredCustomValues {
    // A Map, so that even `__proto__` (refused by the HTTP body parser, not by every
    // caller of this code) is checked like any other key.
    const merged = new Map<string, unknown>(Object.entries(current));
    for (const [key, value] of Object.entries(sent ?? {})) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    const stored: [string, StoredCustomValues[string]][] = [];
    for (const [key, value] of merged) {
      const field = `${path}custom_values.${key}`;
      const definitions = this.byKey.get(`${target}:${key}`) ?? [];
      const types = [...new Set(definitions.map((definition) => definition.fieldType))];
      if (definitions.length === 0) {
        const removal = sent && Object.hasOwn(sent, key) ? '' : '; set it to null to remove it';
        errors.add(field, `is not a custom field of ${targetNames[target]} ${this.scope}${removal}`);
      } else if (types.length > 1) {
        errors.add(
          field,
          `has conflicting types (${types.join(', ')}) among the definitions that apply ${this.scope}; ` +
            'assign the order to a warehouse with an unambiguous definition or make the types consistent',
        );
      } else {
        const problems = new Set<string>();
        for (const definition of definitions) {
          const checked = checkCustomValue(definition, value);
          if ('problem' in checked) problems.add(checked.problem);
          else stored.push([key, checked.stored]);
        }
        for (const problem of problems) errors.add(field, problem);
      }
    }
    // Own properties only: a key such as `__proto__` stays data.
    return Object.fromEntries(stored);
  }
}

/** The most characters of JSON the custom values of one order and its items may hold together (DECISIONS 59). */
export const CUSTOM_VALUES_BUDGET = 10_000;

/** Adds an error on `custom_values` when an order's custom values, its items' included, exceed the budget. */
export function checkCustomValuesBudget(
  order: StoredCustomValues,
  items: StoredCustomValues[],
  errors: FieldErrorCollector,
): void {
  const size = [order, ...items].reduce((total, values) => total + JSON.stringify(values).length, 0);
  if (size > CUSTOM_VALUES_BUDGET)
    errors.add(
      'custom_values',
      `together with the items' custom values would be ${size} characters of JSON; ` +
        `an order holds at most ${CUSTOM_VALUES_BUDGET}`,
    );
}

export async function applicableCustomFields(
  em: EntityManager,
  organizationId: number,
  location: Location | null,
): Promise<ApplicableCustomFields> {
  // Read as rows in one statement: a write plans from them without loading entities (issue 34).
  const enabledHere = location
    ? sql` and d.id in (select l.custom_field_definition_id from custom_field_locations l
        where l.organization_id = d.organization_id and l.location_id = ${location.id})`
    : empty;
  const definitions = await rows<Definition>(
    em,
    sql`select d.key, d.applies_to as "appliesTo", d.field_type as "fieldType", d.rules
      from custom_field_definitions d where d.organization_id = ${organizationId}${enabledHere} order by d.id`,
  );
  return new ApplicableCustomFields(
    definitions,
    location ? `at ${location.name}` : 'in the organization (the order is unassigned)',
  );
}

/**
 * The custom fields that apply at each location of one organization (0: unassigned orders), each
 * read once and kept as long as this object: a request's lookups by default, or the API's cached
 * tenant, which a committed change to custom fields drops in every process (DECISIONS 295).
 */
export class CustomFieldsByLocation {
  private readonly byLocation = new Map<number, ApplicableCustomFields>();

  /**
   * Only a read that succeeded is kept, and only once it has: a request never waits on another
   * request's read, so it never gets another's failure.
   */
  async at(em: EntityManager, organizationId: number, location: Location | null): Promise<ApplicableCustomFields> {
    const key = location?.id ?? 0;
    const known = this.byLocation.get(key);
    if (known) return known;
    const fields = await applicableCustomFields(em, organizationId, location);
    this.byLocation.set(key, fields);
    return fields;
  }
}
