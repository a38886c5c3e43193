// The HTTP server around the app, with the network settings an exposed server needs: time
// limits for headers, whole requests and idle keep-alive connections, and a cap on open
// connections, so idle or slow clients cannot hold the server's sockets (DECISIONS 86).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { ServerConfig } from '../config.js';

export type NetworkSettings = Pick<
  ServerConfig,
  'host' | 'port' | 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections'
>;

/** The port cannot be had: an operator's mistake, reported in one line. */
export class ListenError extends Error {
  override name = 'ListenError';
}

export function createHttpServer(app: Koa, settings: NetworkSettings): Server {
  const server = createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      // Node enforces both limits when it checks its connections, every 30 s by default;
      // checking at a quarter of the headers limit keeps an idle socket from outliving it by much.
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(settings.headersTimeoutMs / 4))),
    },
    app.callback(),
  );
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  server.maxConnections = settings.maxConnections;
  return server;
}

/** Listens on the configured address; resolves with the one bound (the port, when 0 was asked). */
export async function listen(server: Server, settings: Pick<NetworkSettings, 'host' | 'port'>): Promise<AddressInfo> {
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
        ? `port ${settings.port} is already in use on ${settings.host}; choose another with --port or PORT`
        : code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND'
          ? `cannot listen on ${where}: no such address on this machine (WH_HOST)`
          : `cannot listen on ${where}: ${(error as Error).message}`,
    );
  }
  return server.address() as AddressInfo;
}
