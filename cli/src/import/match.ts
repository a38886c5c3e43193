// Finding the one record a name in an import file means. The API matches names
// case-insensitively with spaces trimmed; when that matches several, an exact match settles it,
// as the API settles product names (DECISIONS 41). Still several is the row's error: picking one
// would change the wrong record.
import { UsageError } from '../errors.js';

const folded = (name: string) => name.trim().toLowerCase();

/** Among `candidates` (listed by a prefix filter), the one named `name`; undefined when none is. */
export function named<T extends { name: string }>(candidates: T[], name: string, several: string): T | undefined {
  const same = candidates.filter((candidate) => folded(candidate.name) === folded(name));
  const exact = same.length > 1 ? same.filter((candidate) => candidate.name === name) : same;
  if (exact.length > 1) throw new UsageError(several);
  return exact[0];
}
