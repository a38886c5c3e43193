// Loading a tenant's record by the id the API shows (DECISIONS 440). Every lookup is scoped by
// organization_id: ids count per organization, so another organization's record is never found
// by one, whatever ids the two have.

import { NotFound } from './errors.js';

/** Ids are PostgreSQL `integer`s; a larger id names no record, and must not reach a query (DECISIONS 55, 440). */
export const MAX_RECORD_ID = 2_147_483_647;

/** NotFound for an id beyond the id type, before any query. */
export function requirePossibleId(id: number, what: string): void {
  if (id > MAX_RECORD_ID) throw new NotFound(`${what} ${id} not found`);
}

/** The record `read` finds by `id` (an id beyond the id type is not read), or NotFound naming `what`. */
export async function foundById<T>(
  id: number,
  what: string,
  read: (id: number) => Promise<T | null | undefined>,
): Promise<T> {
  requirePossibleId(id, what);
  const record = await read(id);
  if (!record) throw new NotFound(`${what} ${id} not found`);
  return record;
}
