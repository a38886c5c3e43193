// A second server on the test database with a connection pool of its own, standing in for a
// second wh-server process: nothing is shared with the first but PostgreSQL.

import type { LocationKey, UserKey, World } from '@warehouse-kit/testing/server';
import {
  ApiClient,
  startTestServer,
  type TestServer,
  type TestServerOptions,
  testDatabaseUrl,
} from '@warehouse-kit/testing/server';
import { type Orm, openOrm } from '../../src/db/orm.js';

export interface SecondInstance {
  server: TestServer;
  orm: Orm;
  /** A client of `world` that talks to this instance. */
  as(world: World, user: UserKey, location?: LocationKey): ApiClient;
  close(): Promise<void>;
}

export async function startSecondInstance(config: TestServerOptions['config'] = {}): Promise<SecondInstance> {
  const orm = await openOrm(testDatabaseUrl());
  const server = await startTestServer({ orm, config: { authFailuresPerMinute: 1000, ...config } });
  return {
    server,
    orm,
    as: (world, user, location) => new ApiClient(server.port, world.host(location), world.token(user)),
    close: async () => {
      await server.close();
      await orm.close();
    },
  };
}
