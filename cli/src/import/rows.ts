// What an import file becomes before anything is sent: the records to write, each with the
// line it starts on, and the rows that cannot be imported as written (the others still are).

export interface ImportRecord<R> {
  /** The file line the record starts on, for the report. */
  line: number;
  /** What the report names it by: a PO number, a name. */
  label: string;
  record: R;
}

export interface RowError {
  line: number;
  label: string | undefined;
  error: string;
}

export interface ParsedFile<R> {
  records: ImportRecord<R>[];
  errors: RowError[];
}

/** A copy of `record` without the fields only answers carry (id, timestamps), which an export writes. */
export function withoutFields(record: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([field]) => !fields.includes(field)));
}

/**
 * Moves a record whose key an earlier one of the file has to the errors: two rows for one
 * record would race each other, and the later one would win. `keyOf` gives the key as compared
 * and as a person reads it, e.g. `["po-7", "po_number PO-7"]`.
 */
export function withoutRepeats<R>(parsed: ParsedFile<R>, keyOf: (record: R) => [string, string]): ParsedFile<R> {
  const seen = new Map<string, number>();
  const records: ImportRecord<R>[] = [];
  const errors = [...parsed.errors];
  for (const entry of parsed.records) {
    const [key, text] = keyOf(entry.record);
    const earlier = seen.get(key);
    if (earlier === undefined) {
      seen.set(key, entry.line);
      records.push(entry);
    } else errors.push({ line: entry.line, label: entry.label, error: `${text} is also on line ${earlier}` });
  }
  return { records, errors };
}
