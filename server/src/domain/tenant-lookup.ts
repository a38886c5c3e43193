// Loading a tenant's record by id. Every lookup is scoped by organization_id, so another
// organization's id reads exactly like an id that does not exist.
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException, type EntityName } from '@mikro-orm/core';
import { Invalid, NotFound } from './errors.js';

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

/**
 * Flushes, turning a unique-index violation into Invalid on `field`. The handlers check for
 * duplicates first for a friendly message; the index settles races between server processes.
 */
export async function flushUnique(em: EntityManager, field: string, message = 'has already been taken'): Promise<void> {
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw Invalid.field(field, message);
    throw error;
  }
}
