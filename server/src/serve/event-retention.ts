// Every server process sweeps expired events once a minute (DECISIONS 177); the sweep's advisory
// lock lets one process at a time do it, so any number may run this.
import type { Orm } from '../db/orm.js';
import { sweepExpiredEvents } from '../domain/events/retention.js';
import type { Logger } from '../logging/logger.js';

const EVERY_MS = 60_000;

export interface Sweeps {
  /** Stops sweeping, once a sweep under way has finished. */
  stop(): Promise<void>;
}

export function sweepExpiredEventsEveryMinute(orm: Orm, retentionDays: number, logger: Logger): Sweeps {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepExpiredEvents(orm.em.fork(), retentionDays)
      .then((deleted) => {
        if (deleted > 0) logger.info({ deleted, retention_days: retentionDays }, 'deleted expired events');
      })
      // A database that is away is reported by /readyz; the next minute tries again.
      .catch((error: unknown) => logger.warn({ err: error }, 'sweeping expired events failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, EVERY_MS);
  timer.unref();
  sweep();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
