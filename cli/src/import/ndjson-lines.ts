// NDJSON import files: one JSON object per line, a record with any field the API accepts; the
// API's own request shape (`{"product": {...}}`) is accepted too.
import { isObject } from '@warehouse-kit/spec';
import type { RowError } from './rows.js';

export interface NdjsonLine {
  line: number;
  value: Record<string, unknown>;
}

/** Every non-blank line's object, unwrapped from `{"<wrapper>": {...}}`; a line that is not one is an error. */
export function readNdjson(text: string, wrapper: string): { lines: NdjsonLine[]; errors: RowError[] } {
  const lines: NdjsonLine[] = [];
  const errors: RowError[] = [];
  text.split(/\r?\n/).forEach((content, index) => {
    const line = index + 1;
    if (!content.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(content);
    } catch (error) {
      errors.push({ line, label: undefined, error: `not valid JSON: ${(error as Error).message}` });
      return;
    }
    if (isObject(value) && isObject(value[wrapper]) && Object.keys(value).length === 1) value = value[wrapper];
    if (isObject(value)) lines.push({ line, value });
    else errors.push({ line, label: undefined, error: 'expected a JSON object per line' });
  });
  return { lines, errors };
}
