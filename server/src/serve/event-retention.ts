// Every server process sweeps expired events once a minute (DECISIONS 177), and with them the
// webhook deliveries as old (DECISIONS 249); the events sweep's advisory lock lets one process at
// a time do it, and each batch of the deliveries' is one DELETE that two processes may run at
// once (the second finds the rows gone and stops), so any number may run this.
import type { Orm } from '../db/orm.js';
import { sweepExpiredEvents } from '../events/retention.js';
import type { Logger } from '../logging/logger.js';
import { sweepOldDeliveries } from '../webhooks/queue.js';

const EVERY_MS = 60_000;

export interface Sweeps {
  /** Stops sweeping, once a sweep under way has finished. */
  stop(): Promise<void>;
}

export function sweepExpiredEventsEveryMinute(orm: Orm, retentionDays: number, logger: Logger): Sweeps {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepExpiredEvents(orm.em.fork(), retentionDays)
      .then(async (deleted) => {
        if (deleted > 0) logger.info({ deleted, retention_days: retentionDays }, 'deleted expired events');
        const deliveries = await sweepOldDeliveries(orm.em.fork(), retentionDays);
        if (deliveries > 0)
          logger.info({ deleted: deliveries, retention_days: retentionDays }, 'deleted expired webhook deliveries');
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
