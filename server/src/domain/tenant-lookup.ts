// Loading a tenant's record by id. Every lookup is scoped by organization_id, so another
// organization's id reads exactly like an id that does not exist.

import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFound } from './errors.js';

/** Ids are PostgreSQL `integer`s; a larger id names no record, and must not reach a query (DECISIONS 55). */
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

export function findOwned<T extends { id: number; organizationId: number }>(
  em: EntityManager,
  entity: EntityName<T>,
  organizationId: number,
  id: number,
  what: string,
): Promise<T> {
  return foundById(id, what, async () => (await em.findOne(entity, { id, organizationId } as never)) as T | null);
}
