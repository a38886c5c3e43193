// The reference server in-process on a random port, validating every response against the
// spec: a test that receives a response the contract forbids sees a 500 saying why.
import type { Server } from 'node:http';
import { createApp } from '../app.js';
import { configFromEnv, type ServerConfig } from '../config.js';
import { testOrm } from './database.js';

export const TEST_BASE_HOST = 'wh.test';

export interface TestServer {
  port: number;
  /** Requests go to `<subdomain>.<baseHost>`. */
  baseHost: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /**
   * `localhost` lets a child process (a built CLI) reach the server as
   * `http://<subdomain>.localhost:<port>`, which the SDK sends to the loopback address;
   * `wh.test` names resolve nowhere, so only the tests' own client can use them.
   */
  baseHost?: string;
  /** Settings other than the defaults, e.g. a small body limit or a trusted proxy. */
  config?: Partial<ServerConfig>;
}

export async function startTestServer({
  baseHost = TEST_BASE_HOST,
  config = {},
}: TestServerOptions = {}): Promise<TestServer> {
  const orm = await testOrm();
  const errors: string[] = [];
  const app = createApp({
    orm,
    config: { ...configFromEnv({}), baseHost, validateResponses: true, ...config },
    log: (line) => line.startsWith('error:') && errors.push(line),
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('test server has no address');
  return {
    port: address.port,
    baseHost,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
