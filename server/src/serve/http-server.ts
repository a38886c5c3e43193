// The HTTP server around the app, with the network settings an exposed server needs: time
// limits for headers, whole requests and idle keep-alive connections, and a cap on open
// connections, so idle or slow clients cannot hold the server's sockets (DECISIONS 86). Every
// answer is the app's or speaks the contract as the app's do (DECISIONS 373, 425): what the
// parser refuses and CONNECT are answered in client-error.ts, and what Node would answer itself
// (a request without Host, an expectation it does not know) goes to the app. The metrics
// address (DECISIONS 150) is a second server with the same settings.
import { createServer, type RequestListener, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer, type Server as NetServer } from 'node:net';
import type { ServerConfig } from '../config.js';
import type { Logger } from '../logging/logger.js';
import { answerClientError, answerConnect, trackingAnswers } from './client-error.js';

export type NetworkSettings = Pick<
  ServerConfig,
  'host' | 'port' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections'
>;

/** The port cannot be had: an operator's mistake, reported in one line. */
export class ListenError extends Error {
  override name = 'ListenError';
}

export function createHttpServer(app: RequestListener, settings: NetworkSettings, logger?: Logger): Server {
  const listener = trackingAnswers(app);
  const server = createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      // Node enforces both limits when it checks its connections, every 30 s by default;
      // checking at a quarter of the headers limit keeps an idle socket from outliving it by much.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(settings.headersTimeoutMs / 4))),
      // Node would answer an HTTP/1.1 request without Host with a bare 400; the app answers it (request-host.ts).
      requireHostHeader: false,
    },
    listener,
  );
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  server.maxConnections = settings.maxConnections;
  const refusals = { keepAliveTimeoutMs: settings.keepAliveTimeoutMs, logger };
  server.on('clientError', answerClientError(refusals));
  server.on('connect', answerConnect(refusals));
  // Node would answer an Expect other than 100-continue with a bare 417; the app answers it
  // (request-headers.ts). For 100-continue Node's default stands: it sends `100 Continue` at
  // once and hands the request to the app, whose final answer is the contract's (DECISIONS 428).
  server.on('checkExpectation', listener);
  return server;
}

/** The settings that chose an address, for a refusal to name. */
export interface AddressSettings {
  port: string;
  host: string;
}

const API_ADDRESS: AddressSettings = { port: '--port or PORT', host: 'WH_HOST' };

/** Listens on the configured address; resolves with the one bound (the port, when 0 was asked). */
export async function listen(
  server: NetServer,
  settings: Pick<NetworkSettings, 'host' | 'port'>,
  chosenBy = API_ADDRESS,
): Promise<AddressInfo> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${settings.host}:${settings.port}`;
    throw new ListenError(
      code === 'EADDRINUSE'
        ? `port ${settings.port} is already in use on ${settings.host}; choose another with ${chosenBy.port}`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `cannot listen on ${where}: no such address on this machine (${chosenBy.host})`
          : `cannot listen on ${where}: ${(error as Error).message}`,
    );
  }
  return server.address() as AddressInfo;
}

/**
 * Fails as `listen` would when the address cannot be had, and lets it go again: `start` checks
 * its addresses before starting PostgreSQL and migrating, which take seconds, and binds them after.
 */
export async function checkAddress(
  settings: Pick<NetworkSettings, 'host' | 'port'>,
  chosenBy = API_ADDRESS,
): Promise<void> {
  // Port 0 is whichever port is free when the server binds.
  if (settings.port === 0) return;
  const probe = createNetServer();
  await listen(probe, settings, chosenBy);
  await new Promise((resolve) => probe.close(resolve));
}
