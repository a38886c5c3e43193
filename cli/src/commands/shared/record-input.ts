// A record's fields from the command line: a whole body with --data (@file, - for stdin, or
// inline JSON), with field flags on top.
import { Option } from 'commander';
import { UsageError } from '../../errors.js';
import { readTextFile } from './read-file.js';
import { readStdin } from './stdin.js';

export const dataOption = (
  description = 'the record as JSON: @file.json, - for stdin, or inline; field flags override it',
) => new Option('-d, --data <json>', description);

async function dataText(spec: string): Promise<{ text: string; source: string }> {
  if (spec === '-') return { text: await readStdin(), source: 'stdin' };
  if (!spec.startsWith('@')) return { text: spec, source: '--data' };
  const file = spec.slice(1);
  return { text: await readTextFile(file, `--data file ${file}`), source: file };
}

/** The JSON object --data names; one wrapped in its record key (`{"product": {...}}`) is unwrapped. */
export async function readData(spec: string | undefined, wrapper?: string): Promise<Record<string, unknown>> {
  if (spec === undefined) return {};
  const { text, source } = await dataText(spec);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new UsageError(`${source} must hold a JSON object`);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const inner = wrapper === undefined ? undefined : record[wrapper];
  if (
    keys.length === 1 &&
    keys[0] === wrapper &&
    typeof inner === 'object' &&
    inner !== null &&
    !Array.isArray(inner)
  ) {
    return inner as Record<string, unknown>;
  }
  return record;
}

/**
 * The record to send: --data, then each field flag that was given. Offset-less times pass
 * through untouched: the API reads them in the warehouse's zone.
 */
export async function recordFrom(
  data: string | undefined,
  wrapper: string,
  fields: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const record = await readData(data, wrapper);
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) record[field] = value;
  return record;
}

/** An update that changes nothing is a mistake on the command line, not a request to send. */
export function requireChanges(record: Record<string, unknown>, flags: string): Record<string, unknown> {
  if (!Object.keys(record).length) throw new UsageError(`nothing to change: give ${flags} or --data`);
  return record;
}
