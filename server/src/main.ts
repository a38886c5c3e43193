#!/usr/bin/env node
// wh-server: the reference server's command line. Only this file exits the process.
import { Command, InvalidArgumentError } from 'commander';
import { stringify } from 'yaml';
import { createApp } from './app.js';
import { configFromEnv, type ServerConfig } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { migrate, type Orm, openOrm } from './db/orm.js';
import { type Fixture, readFixture } from './provision/fixture.js';
import { profileFor } from './provision/profile.js';
import { provision } from './provision/provision.js';
import { version } from './version.js';

const log = (line: string) => console.log(line);

/** The port cannot be had: an operator's mistake, reported in one line. */
class ListenError extends Error {
  override name = 'ListenError';
}

async function withDatabase<T>(config: ServerConfig, work: (orm: Orm, database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(config, log);
  let orm: Orm | undefined;
  try {
    orm = await openOrm(database.url);
    const applied = await migrate(orm);
    if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
    return await work(orm, database);
  } finally {
    await orm?.close();
    await database.close();
  }
}

function banner(config: ServerConfig, port: number, fixture?: Fixture): string {
  const address = (subdomain: string) => `http://${subdomain}.${config.baseHost}:${port}/api/v1`;
  const lines = [`wh-server ${version} listening on port ${port}`];
  for (const organization of fixture?.organizations ?? []) {
    lines.push('', `${organization.name}`, `  organization interface  ${address(organization.subdomain)}`);
    for (const location of organization.locations) {
      lines.push(
        `  ${location.name.padEnd(22)}  ${address(location.subdomain)}  ` +
          `(${location.time_zone}${location.paid ? ', paid' : ''})`,
      );
    }
    for (const user of organization.users ?? []) {
      const roles = Object.entries(user.roles)
        .map(([name, role]) => `${name}: ${role}`)
        .join(', ');
      lines.push(`  token ${user.token}  (${user.name}; ${roles || 'no access'})`);
    }
  }
  if (fixture?.organizations[0]?.users?.[0]) {
    const first = fixture.organizations[0];
    lines.push(
      '',
      `try: curl -H 'Authorization: Token ${first.users![0]!.token}' ${address(first.subdomain)}/locations`,
    );
  }
  return lines.join('\n');
}

async function start(options: { port?: number; fixture?: string }): Promise<void> {
  const config = { ...configFromEnv(), ...(options.port !== undefined ? { port: options.port } : {}) };
  const fixture = options.fixture ? readFixture(options.fixture) : undefined;
  const database = await openDatabase(config, log);
  const orm = await openOrm(database.url);
  const applied = await migrate(orm);
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
  if (fixture) await provision(orm.em, fixture);

  const app = createApp({ orm, config, log });
  const server = app.listen(config.port);
  try {
    await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  } catch (error) {
    await orm.close();
    await database.close();
    const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
    throw new ListenError(
      inUse
        ? `port ${config.port} is already in use; choose another with --port or PORT`
        : `cannot listen on port ${config.port}: ${(error as Error).message}`,
    );
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log(`database: ${database.description}`);
  log(banner(config, port, fixture));

  const stop = async (signal: string) => {
    log(`${signal}: shutting down`);
    server.close();
    await orm.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

function port(value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535)
    throw new InvalidArgumentError('must be a port number (0-65535)');
  return parsed;
}

const program = new Command('wh-server')
  .description('Reference server of the warehouse scheduling API')
  .version(version)
  .addHelpText(
    'after',
    `
Environment:
  PORT             port to listen on (default 3000; --port wins)
  WH_BASE_HOST     base host; requests go to <subdomain>.<base host> (default localhost)
  DATABASE_URL     PostgreSQL to use; unset starts an embedded PostgreSQL
  WH_DATA_DIR      where the embedded PostgreSQL keeps its data (default .data)
  WH_TRUST_PROXY   1 to honour X-Forwarded-Proto/Host from a reverse proxy`,
  );

program
  .command('start')
  .description('migrate, optionally provision a fixture, and serve the API')
  .option('-p, --port <port>', 'port to listen on', port)
  .option('-f, --fixture <file>', 'provision this YAML or JSON file before serving')
  .action(start);

program
  .command('migrate')
  .description('apply pending database migrations')
  .action(() => withDatabase(configFromEnv(), async () => log('database is up to date')));

program
  .command('provision')
  .description('create or update organizations, locations, users and tokens from a YAML or JSON file (idempotent)')
  .argument('<file>', 'provisioning file')
  .action((file: string) =>
    withDatabase(configFromEnv(), async (orm) => {
      const fixture = readFixture(file);
      await provision(orm.em, fixture);
      log(`provisioned ${fixture.organizations.map((o) => o.subdomain).join(', ')}`);
    }),
  );

program
  .command('profile')
  .description('print the conformance profile for a provisioned fixture (see "Conformance suite" in the README)')
  .argument('<file>', 'provisioning file')
  .option(
    '--organization <subdomain>',
    'the organization to check (default: the first with a paid location and an admin)',
  )
  .option(
    '--base-url-template <template>',
    'addresses with {subdomain} for the first host label (default: http://{subdomain}.<WH_BASE_HOST>:<PORT>)',
  )
  .action((file: string, options: { organization?: string; baseUrlTemplate?: string }) => {
    const config = configFromEnv();
    const profile = profileFor(readFixture(file), {
      baseUrlTemplate: options.baseUrlTemplate ?? `http://{subdomain}.${config.baseHost}:${config.port}`,
      ...(options.organization && { organization: options.organization }),
    });
    process.stdout.write(`# Conformance profile for ${file}, printed by wh-server profile\n${stringify(profile)}`);
  });

program.parseAsync().catch((error: unknown) => {
  const expected =
    error instanceof Error &&
    ['FixtureError', 'ProvisioningError', 'ProfileChoiceError', 'ListenError'].includes(error.name);
  const detail = expected
    ? (error as Error).message
    : error instanceof Error
      ? (error.stack ?? error.message)
      : String(error);
  console.error(`wh-server: ${detail}`);
  process.exit(1);
});
