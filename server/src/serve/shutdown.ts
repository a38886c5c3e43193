// Stopping on SIGTERM or SIGINT without cutting requests short: the servers (the API's, and the
// metrics address's when there is one) stop accepting connections and close idle ones at once,
// requests in flight get until the deadline to finish, then whatever is still open is closed.
// A second signal closes everything at once.
import type { Server } from 'node:http';
import type { Logger } from '../logging/logger.js';

/** Resolves, with the signal, once every server has stopped after a signal. */
export function drainOnSignal(servers: Server[], deadlineMs: number, logger: Logger): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    let draining = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (draining) {
        logger.warn({ signal }, 'second signal: closing every connection now');
        for (const server of servers) server.closeAllConnections();
        return;
      }
      draining = true;
      logger.info({ signal, deadline_ms: deadlineMs }, 'stopping: no new connections; finishing requests in flight');
      const deadline = setTimeout(() => {
        logger.warn({ deadline_ms: deadlineMs }, 'deadline passed: closing connections with requests in flight');
        for (const server of servers) server.closeAllConnections();
      }, deadlineMs);
      const closed = servers.map((server) => new Promise((done) => server.close(done)));
      for (const server of servers) server.closeIdleConnections();
      void Promise.all(closed).then(() => {
        clearTimeout(deadline);
        resolve(signal);
      });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
