// Idempotency keys of an import (an extension, spec/DECISIONS.md 110): derived from the file's
// digest and the rows a request carries, so running the same file again after a crash sends
// the same keys, and a server that honours them answers what it did instead of doing it twice.
// A key answers only on the interface it was first sent to (DECISIONS 141), so a bulk upload's
// key also names its location: the same file imported at two warehouses sends different keys.
import { createHash } from 'node:crypto';

export const fileDigest = (text: string) => createHash('sha256').update(text).digest('hex');

/** The key of a request carrying the records that start on these file lines, to `location`'s interface if given. */
export function importKey(digest: string, lines: number[], location?: string): string {
  const scope = location === undefined ? lines.join(',') : `${location}\n${lines.join(',')}`;
  const rows = createHash('sha256').update(scope).digest('hex').slice(0, 16);
  return `whctl-import-${digest.slice(0, 32)}-${rows}`;
}
