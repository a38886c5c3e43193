// `wh-server start`: check that its addresses are free (before PostgreSQL starts, so a port in
// use is said at once), open the database (embedded or DATABASE_URL), find the key of webhook
// secrets, migrate, bring stored secrets under that key, provision the fixture or the demo if
// asked, serve (and /metrics on WH_METRICS_ADDRESS when set) until SIGTERM or SIGINT, sweeping
// ended rate-limit windows and delivering webhooks meanwhile, then drain (requests and webhook
// sends alike, within one deadline) and close the pool and the database, in that order. Resolves
// once everything is closed.

import { ConfigError, configFromEnv } from '../config.js';
import { connectOrm, openDatabase } from '../db/database.js';
import { migrate, type Orm, sessionStatementTimeout } from '../db/orm.js';
import { RateLimitCounters, sweepPeriodically } from '../db/rate-limit-counters.js';
import { createLogger } from '../logging/logger.js';
import { metricsListener } from '../ops/metrics-endpoint.js';
import { DEMO_FIXTURE } from '../provision/demo.js';
import { readFixture } from '../provision/fixture.js';
import { provision } from '../provision/provision.js';
import { version } from '../version.js';
import { deliverWebhooks } from '../webhooks/worker.js';
import { createApp } from './app.js';
import { banner } from './banner.js';
import { sweepExpiredEventsEveryMinute } from './event-retention.js';
import { checkAddress, createHttpServer, listen } from './http-server.js';
import { drainOnSignal } from './shutdown.js';
import { reencryptWebhookSecrets, webhookSecretKey } from './webhook-secret-key.js';

const METRICS_ADDRESS = { port: 'WH_METRICS_ADDRESS', host: 'WH_METRICS_ADDRESS' };

export interface StartOptions {
  port?: string;
  host?: string;
  fixture?: string;
  demo?: boolean;
}

export async function start(options: StartOptions): Promise<void> {
  const config = configFromEnv(process.env, { port: options.port, host: options.host });
  // The demo's webhook receivers run on the same machine (DECISIONS 242), unless the variable says otherwise.
  if (options.demo && process.env.WH_WEBHOOK_ALLOW_PRIVATE === undefined) config.webhookAllowPrivate = true;
  if (options.fixture && options.demo) throw new ConfigError('--fixture and --demo cannot be used together');
  const fixture = options.demo ? readFixture(DEMO_FIXTURE) : options.fixture ? readFixture(options.fixture) : undefined;
  // Node's clients cannot resolve *.localhost: the demo's organization answers on the base host too (DECISIONS 462).
  if (options.demo && process.env.WH_DEFAULT_SUBDOMAIN === undefined)
    config.defaultSubdomain = fixture?.organizations[0]?.subdomain;
  await checkAddress(config);
  if (config.metricsAddress) await checkAddress(config.metricsAddress, METRICS_ADDRESS);
  const logger = await createLogger(config);
  if (config.rateLimitWindowS !== 60)
    logger.warn(
      `WH_RATE_LIMIT_WINDOW_S is ${config.rateLimitWindowS}: a token may send 120 requests every ` +
        `${config.rateLimitWindowS} s, more than the 120 a minute of the contract; for a test deployment only (DECISIONS 490)`,
    );

  const database = await openDatabase(config, (line) => logger.warn(line), { stopOnSignals: false });
  let orm: Orm;
  try {
    // Before connecting: with DATABASE_URL and no key the server refuses to start.
    config.webhookSecretKey = webhookSecretKey(config, Boolean(options.demo), logger);
    orm = await connectOrm(database, {
      poolSize: config.poolSize,
      timeoutMs: config.dbTimeoutMs,
      pooler: config.dbPooler,
      // Only the driver's reason, after the statement that knex puts first with its values.
      warn: (message) =>
        logger.warn({ reason: message.slice(message.lastIndexOf(' - ') + 3) }, 'database connection failed'),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const release = async () => {
    await orm.close();
    await database.close();
  };
  let address: Awaited<ReturnType<typeof listen>>;
  let metricsAt: Awaited<ReturnType<typeof listen>> | undefined;
  const app = createApp({ orm, config, logger });
  const server = createHttpServer(app.callback(), config, logger);
  const metricsServer = config.metricsAddress && createHttpServer(metricsListener(app), config, logger);
  try {
    const applied = await migrate(orm);
    if (applied.length) logger.info({ migrations: applied }, 'applied migrations');
    if (config.dbPooler === 'transaction' && (await sessionStatementTimeout(orm)) === '0')
      logger.warn(
        'behind a pooler in transaction mode the server bounds its transactions, not a statement outside one: ' +
          'set statement_timeout on the database role too (ALTER ROLE … SET statement_timeout = …)',
      );
    await reencryptWebhookSecrets(orm, config, logger);
    if (fixture) await provision(orm.em, fixture);
    address = await listen(server, config);
    if (metricsServer && config.metricsAddress)
      metricsAt = await listen(metricsServer, config.metricsAddress, METRICS_ADDRESS);
  } catch (error) {
    server.close();
    await release();
    throw error;
  }

  const webhooks = deliverWebhooks(orm, config, logger);
  // Signals are handled from here on, before anyone is told the server listens.
  const stopped = drainOnSignal(metricsServer ? [server, metricsServer] : [server], config.shutdownTimeoutMs, logger, [
    webhooks,
  ]);
  const stopSweeping = sweepPeriodically(new RateLimitCounters(orm.em), (error) =>
    logger.warn({ err: error }, 'sweeping ended rate-limit windows failed; the next sweep tries again'),
  );
  const sweeps = sweepExpiredEventsEveryMinute(orm, config.eventRetentionDays, logger);
  const origin = (bound: typeof address) =>
    `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}`;
  const listening = origin(address);
  const metrics = metricsAt && `${origin(metricsAt)}/metrics`;
  process.stderr.write(
    banner({
      version,
      listening,
      baseHost: config.baseHost,
      defaultSubdomain: config.defaultSubdomain,
      port: address.port,
      database: database.description,
      metrics,
      fixture,
      showTokens: Boolean(options.demo),
    }),
  );
  logger.info({ url: listening, port: address.port, metrics, database: database.description, version }, 'listening');

  await stopped;
  stopSweeping();
  await sweeps.stop();
  await release();
  logger.info('stopped');
}
