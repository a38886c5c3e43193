// The reference server in-process on a random port, validating every response against the
// spec: a test that receives a response the contract forbids sees a 500, and the run's log
// says why. Its log lines go to the run's log (run-log.ts), at debug level so that every line
// any request writes is there to be checked.
import type { Server } from 'node:http';
import type { Orm } from '@warehouse-kit/server';
import {
  configFromEnv,
  createApp,
  createHttpServer,
  createLogger,
  listen,
  type ServerConfig,
} from '@warehouse-kit/server';
import { type DestinationStream, multistream } from 'pino';
import { testOrm } from './database.js';
import { runLogDestination } from './run-log.js';
import { testWebhookSecretKey } from './webhook-secret-key.js';

export const TEST_BASE_HOST = 'wh.test';

export interface TestServer {
  port: number;
  /** Requests go to `<subdomain>.<baseHost>`. */
  baseHost: string;
  /** The log records this server wrote, parsed; only with `captureLog`. */
  logRecords(): Record<string, any>[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  /**
   * `localhost` lets a child process (a built CLI) reach the server as
   * `http://<subdomain>.localhost:<port>`, which the SDK sends to the loopback address;
   * `wh.test` names resolve nowhere, so only the tests' own client can use them.
   */
  baseHost?: string;
  /** Keep this server's log records for `logRecords()`. */
  captureLog?: boolean;
  /** Settings other than the defaults, e.g. a small body limit, a trusted proxy or a metrics token. */
  config?: Partial<ServerConfig>;
  /** Another database than the run's (a test of what happens when it fails). */
  orm?: Orm;
}

/** A stream that keeps each line written to it, parsed. */
function recorder(records: Record<string, any>[]): DestinationStream {
  return { write: (line: string) => void records.push(JSON.parse(line)) };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { baseHost = TEST_BASE_HOST } = options;
  const orm = options.orm ?? (await testOrm());
  const records: Record<string, any>[] = [];
  const destination = options.captureLog
    ? multistream([
        { level: 'debug', stream: runLogDestination() },
        { level: 'debug', stream: recorder(records) },
      ])
    : runLogDestination();
  const logger = await createLogger({ logLevel: 'debug', logFormat: 'json' }, destination);
  const config = {
    ...configFromEnv({}),
    baseHost,
    validateResponses: true,
    webhookSecretKey: testWebhookSecretKey(),
    ...options.config,
  };
  const app = createApp({ orm, config, logger });
  // The HTTP server wh-server start runs, with its limits and its answers to what Node's parser refuses.
  const server: Server = createHttpServer(app.callback(), config, logger);
  const address = await listen(server, { host: '127.0.0.1', port: 0 });
  return {
    port: address.port,
    baseHost,
    logRecords: () => records,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
