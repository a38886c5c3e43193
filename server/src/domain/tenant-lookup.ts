// Loading a tenant's record by id. Every lookup is scoped by organization_id, so another
// organization's id reads exactly like an id that does not exist.

import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFound } from './errors.js';

export async function findOwned<T extends { id: number; organizationId: number }>(
  em: EntityManager,
  entity: EntityName<T>,
  organizationId: number,
  id: number,
  what: string,
): Promise<T> {
  const record = await em.findOne(entity, { id, organizationId } as never);
  if (!record) throw new NotFound(`${what} ${id} not found`);
  return record as T;
}
