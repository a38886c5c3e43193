// Flattening records into the cells of a table or a CSV file.

export type Row = Record<string, unknown>;

/** null and absent are empty; nested objects and arrays are compact JSON, so no value is lost. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The chosen columns, or every field of the first record (the API's records of one kind share their fields). */
export function columnsOf(first: Row, columns: readonly string[] | undefined): string[] {
  return columns?.length ? [...columns] : Object.keys(first);
}
