// A transaction that fails only because of concurrent ones, a deadlock or serialization
// failure from PostgreSQL or a Conflict from the rules (two requests creating the same record
// at once), is run again from the start, a bounded number of times with jittered waits, so
// that racing requests all succeed; past the last attempt it is a Conflict, answered 409
// (DECISIONS 66).
import { setTimeout as sleep } from 'node:timers/promises';
import { DeadlockException } from '@mikro-orm/core';
import { Conflict } from '../domain/errors.js';

export const TRANSACTION_ATTEMPTS = 5;

const retryable = (error: unknown) => error instanceof DeadlockException || error instanceof Conflict;

/** Runs `transaction` until it commits, retrying races; the last race's Conflict when attempts run out. */
export async function retryingRaces<T>(transaction: () => Promise<T>, attempts = TRANSACTION_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (!retryable(error)) throw error;
      if (attempt >= attempts) {
        throw error instanceof Conflict
          ? error
          : new Conflict('the request collided with concurrent changes to the same records; send it again');
      }
      // 10–20 ms, then twice as long each time, at a random point so that racers part.
      await sleep(10 * 2 ** (attempt - 1) * (1 + Math.random()));
    }
  }
}
