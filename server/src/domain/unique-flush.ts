import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Conflict } from './errors.js';

/**
 * Runs a write, turning a unique-index violation into Conflict. The rules look for duplicates
 * first and answer those with 422; a violation at the write means another request created the
 * same name or number since, which a retry of the whole transaction settles (DECISIONS 66).
 */
export async function writeOrConflict<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException)
      throw new Conflict('another request created a record with the same name or number at the same moment');
    throw error;
  }
}
