// Stopping on SIGTERM or SIGINT without cutting requests short: the server stops accepting
// connections and closes idle ones at once, requests in flight get until the deadline to
// finish, then whatever is still open is closed. A second signal closes everything at once.
import type { Server } from 'node:http';
import type { Logger } from '../logging/logger.js';

/** Resolves, with the signal, once the server has stopped after a signal. */
export function drainOnSignal(server: Server, deadlineMs: number, logger: Logger): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    let draining = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (draining) {
        logger.warn({ signal }, 'second signal: closing every connection now');
        server.closeAllConnections();
        return;
      }
      draining = true;
      logger.info({ signal, deadline_ms: deadlineMs }, 'stopping: no new connections; finishing requests in flight');
      const deadline = setTimeout(() => {
        logger.warn({ deadline_ms: deadlineMs }, 'deadline passed: closing connections with requests in flight');
        server.closeAllConnections();
      }, deadlineMs);
      server.close(() => {
        clearTimeout(deadline);
        resolve(signal);
      });
      server.closeIdleConnections();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
