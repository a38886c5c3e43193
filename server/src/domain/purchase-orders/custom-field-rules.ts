// One custom value against one definition (reference 4.6, "Custom fields"): JSON fields take
// objects and arrays as they are; every other type takes a string, number or boolean, stored
// as text and checked against the field's rules.
import { DateTime } from 'luxon';
import type { CustomFieldRules, CustomFieldType } from '../../entities/custom-field.js';
import type { StoredCustomValues } from '../../entities/purchase-order.js';

export type CheckedValue = { stored: StoredCustomValues[string] } | { problem: string };

type TextType = Exclude<CustomFieldType, 'json'>;

const number = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Each rule answers why the text is refused, or undefined when it is acceptable. */
const textRules: Record<TextType, (text: string, rules: CustomFieldRules) => string | undefined> = {
  text(text, { pattern, max_length }) {
    if (max_length !== undefined && text.length > max_length) return `is too long (at most ${max_length} characters)`;
    // Unanchored, as JSON Schema's `pattern` is: a rule that wants the whole value anchors itself.
    if (pattern !== undefined && !new RegExp(pattern, 'u').test(text)) return `does not match the pattern ${pattern}`;
    return undefined;
  },
  number(text, { min, max }) {
    if (!number.test(text)) return 'must be a number';
    const value = Number(text);
    if (min !== undefined && value < min) return `must be at least ${min}`;
    if (max !== undefined && value > max) return `must be at most ${max}`;
    return undefined;
  },
  date(text) {
    return isoDate.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid
      ? undefined
      : 'must be a date written YYYY-MM-DD';
  },
  boolean(text) {
    return text === 'true' || text === 'false' ? undefined : 'must be true or false';
  },
  select(text, { options = [] }) {
    return options.includes(text) ? undefined : `must be one of: ${options.join(', ')}`;
  },
};

export function checkCustomValue(
  definition: { fieldType: CustomFieldType; rules: CustomFieldRules },
  value: unknown,
): CheckedValue {
  const structured = typeof value === 'object' && value !== null;
  if (definition.fieldType === 'json')
    return structured
      ? { stored: value as Record<string, unknown> | unknown[] }
      : { problem: 'must be a JSON object or array' };
  if (structured)
    return { problem: `must be a string, number or boolean (the field's type is ${definition.fieldType})` };
  const text = String(value);
  const problem = textRules[definition.fieldType](text, definition.rules);
  return problem ? { problem } : { stored: text };
}
