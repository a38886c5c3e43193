// Output formats, and the default: a table for a person at a terminal, JSON for a pipe.

export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'yaml'] as const;
export type Format = (typeof FORMATS)[number];

export function defaultFormat(stdout: { isTTY?: boolean }): Format {
  return stdout.isTTY ? 'table' : 'json';
}
