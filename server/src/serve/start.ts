// `wh-server start`: open the database (embedded or DATABASE_URL), migrate, provision the
// fixture or the demo if asked, serve until SIGTERM or SIGINT, then drain and close the pool and
// the database, in that order. Resolves once everything is closed.
import { createApp } from '../app.js';
import { ConfigError, configFromEnv } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate, openOrm } from '../db/orm.js';
import { createLogger } from '../logging/logger.js';
import { DEMO_FIXTURE } from '../provision/demo.js';
import { readFixture } from '../provision/fixture.js';
import { provision } from '../provision/provision.js';
import { version } from '../version.js';
import { banner } from './banner.js';
import { sweepExpiredEventsEveryMinute } from './event-retention.js';
import { createHttpServer, listen } from './http-server.js';
import { drainOnSignal } from './shutdown.js';

export interface StartOptions {
  port?: string;
  host?: string;
  fixture?: string;
  demo?: boolean;
}

export async function start(options: StartOptions): Promise<void> {
  const config = configFromEnv(process.env, { port: options.port, host: options.host });
  if (options.fixture && options.demo) throw new ConfigError('--fixture and --demo cannot be used together');
  const fixture = options.demo ? readFixture(DEMO_FIXTURE) : options.fixture ? readFixture(options.fixture) : undefined;
  const logger = await createLogger(config);

  const database = await openDatabase(config, (line) => logger.warn(line), { stopOnSignals: false });
  const orm = await openOrm(database.url, { poolSize: config.poolSize }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  const release = async () => {
    await orm.close();
    await database.close();
  };
  let address: Awaited<ReturnType<typeof listen>>;
  const server = createHttpServer(createApp({ orm, config, logger }), config);
  try {
    const applied = await migrate(orm);
    if (applied.length) logger.info({ migrations: applied }, 'applied migrations');
    if (fixture) await provision(orm.em, fixture);
    address = await listen(server, config);
  } catch (error) {
    await release();
    throw error;
  }

  // Signals are handled from here on, before anyone is told the server listens.
  const stopped = drainOnSignal(server, config.shutdownTimeoutMs, logger);
  const sweeps = sweepExpiredEventsEveryMinute(orm, config.eventRetentionDays, logger);
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const listening = `http://${host}:${address.port}`;
  process.stderr.write(
    banner({
      version,
      listening,
      baseHost: config.baseHost,
      port: address.port,
      database: database.description,
      fixture,
      showTokens: Boolean(options.demo),
    }),
  );
  logger.info({ url: listening, port: address.port, database: database.description, version }, 'listening');

  await stopped;
  await sweeps.stop();
  await release();
  logger.info('stopped');
}
