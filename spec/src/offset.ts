// Whether an input date-time names an exact instant (DECISIONS 23): the part of the contract's
// time rule that needs no time-zone data, for the root entry, which browsers load too.

// An ISO 8601 date-time names an exact instant when its time ends with `Z` or an offset.
const EXPLICIT_OFFSET = /T[\d:.,]+(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

/** Whether an ISO 8601 date-time carries its own offset (or `Z`), and so names an exact instant. */
export function hasExplicitOffset(input: string): boolean {
  return EXPLICIT_OFFSET.test(input);
}
