// What a failed schema keyword means, in the API's own words: clients never see a validator's
// text, so a message stays the same whichever validator or version checked the value.
import type { ErrorObject } from 'ajv';

const articles: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function typeMessage(type: unknown): string {
  const names = String(type)
    .split(',')
    .map((name) => articles[name] ?? name);
  return `must be ${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]}`;
}

const formats: Record<string, string> = {
  date: 'must be a date that exists, written YYYY-MM-DD',
  'date-time': 'must be an ISO 8601 date-time',
};

/** The message for one failed keyword, e.g. `is too long (at most 255 characters)`. */
export function problemOf(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  const limit = String(p.limit);
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not a known attribute';
    // The spec's only `not` is `not: {}`, which admits nothing (DECISIONS 201, 355).
    case 'not':
      return 'is not allowed here';
    case 'type':
      return typeMessage(p.type);
    case 'minLength':
      return p.limit === 1 ? "can't be blank" : `is too short (at least ${limit} characters)`;
    case 'maxLength':
      return `is too long (at most ${limit} characters)`;
    case 'minimum':
      return `must be at least ${limit}`;
    case 'maximum':
      return `must be at most ${limit}`;
    case 'exclusiveMinimum':
      return `must be greater than ${limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${limit}`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'minItems':
      return `has too few entries (at least ${limit})`;
    case 'maxItems':
      return `has too many entries (at most ${limit})`;
    case 'minProperties':
      return 'must not be empty';
    case 'maxProperties':
      return `has too many keys (at most ${limit})`;
    case 'format':
      return formats[String(p.format)] ?? `must be a valid ${String(p.format)}`;
    case 'pattern': {
      const examples = (error.parentSchema as { examples?: unknown[] } | undefined)?.examples;
      return examples?.length ? `must look like ${String(examples[0])}` : 'is not in the expected format';
    }
    default:
      return 'is invalid';
  }
}
