// Stopping on SIGTERM or SIGINT without cutting requests short: the servers (the API's, and the
// metrics address's when there is one) stop accepting connections and close idle ones at once,
// and the background work that has things in flight (webhook sends) stops taking more; requests
// and that work get until the deadline to finish, then whatever is still open is closed and the
// work told to end what it has (DECISIONS 422). A second signal does that at once.
import type { Server } from 'node:http';
import type { Logger } from '../logging/logger.js';

/** Work besides requests: stops taking more at once, and ends what it has once `deadline` aborts. */
export interface Drainable {
  stop(deadline: AbortSignal): Promise<void>;
}

/** Resolves, with the signal, once every server and every piece of work has stopped after a signal. */
export function drainOnSignal(
  servers: Server[],
  deadlineMs: number,
  logger: Logger,
  work: Drainable[] = [],
): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const deadline = new AbortController();
    const cutShort = () => {
      for (const server of servers) server.closeAllConnections();
      deadline.abort();
    };
    let draining = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (draining) {
        logger.warn({ signal }, 'second signal: closing every connection now');
        cutShort();
        return;
      }
      draining = true;
      logger.info({ signal, deadline_ms: deadlineMs }, 'stopping: no new connections; finishing requests in flight');
      const timer = setTimeout(() => {
        logger.warn({ deadline_ms: deadlineMs }, 'deadline passed: closing connections with requests in flight');
        cutShort();
      }, deadlineMs);
      const closed = servers.map((server) => new Promise((done) => server.close(done)));
      for (const server of servers) server.closeIdleConnections();
      const stopped = work.map((each) => each.stop(deadline.signal));
      void Promise.all([...closed, ...stopped]).then(() => {
        clearTimeout(timer);
        resolve(signal);
      });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
