// Waiting for what shows later, such as a write in the change feed: the feed serves an event
// once every older transaction on the database server has ended (DECISIONS 174), and the test
// run's PostgreSQL is shared by both mocha workers, so another worker's transaction can hold a
// read back for seconds. Tests wait by a generous bound, never judging by how long it took.
import { setTimeout as sleep } from 'node:timers/promises';

/** Calls `attempt` until it returns something other than undefined, for at most `timeoutMs`. */
export async function eventually<T>(
  what: string,
  attempt: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}
