import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Invalid } from './errors.js';

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
