// wh-server: the reference server's command line, which bin/wh-server.js runs. Only these two
// files exit the process.
import { Command, Option } from 'commander';
import { stringify } from 'yaml';
import { ConfigError, configFromEnv, type ServerConfig, settings, settingsHelp } from './config.js';
import { connectOrm, type Database, openDatabase } from './db/database.js';
import { migrate, type Orm } from './db/orm.js';
import { DEMO_FIXTURE } from './provision/demo.js';
import { readFixture } from './provision/fixture.js';
import { profileFor } from './provision/profile.js';
import { provision } from './provision/provision.js';
import { start } from './serve/start.js';
import { version } from './version.js';

const log = (line: string) => console.log(line);

/** The "Examples:" section a command's help ends with, as whctl's do; npm test runs each line. */
const examples = (...lines: string[]) => `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`;

/** The database of a command that only reads and writes it: that of a wh-server running on the data directory too. */
async function withDatabase<T>(config: ServerConfig, work: (orm: Orm, database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(config, log, { joinRunning: true });
  let orm: Orm | undefined;
  try {
    orm = await connectOrm(database, {
      poolSize: config.poolSize,
      timeoutMs: config.dbTimeoutMs,
      pooler: config.dbPooler,
    });
    const applied = await migrate(orm);
    if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
    return await work(orm, database);
  } finally {
    await orm?.close();
    await database.close();
  }
}

const program = new Command('wh-server')
  .description('Reference server of the warehouse scheduling API')
  .version(version)
  .addHelpText('after', `\nSettings (environment):\n${settingsHelp()}`);

const startCommand = program
  .command('start')
  .description('migrate, optionally provision a fixture or the demo, and serve the API')
  .option('-f, --fixture <file>', 'provision this YAML or JSON file before serving (its tokens are not printed)')
  .option('--demo', 'provision and serve the bundled demo data, printing its demo tokens')
  .addHelpText(
    'after',
    `\nSIGTERM or SIGINT (Ctrl-C) stops it, with status 0.\n${examples(
      'wh-server start --demo',
      'DATABASE_URL=postgres://wh@db.internal/wh wh-server start --fixture organizations.yaml --port 8080',
    )}`,
  )
  .action(async (options) => {
    await start(options);
    process.exit(0);
  });
for (const spec of Object.values(settings) as { flag?: string; describe: string }[])
  if (spec.flag) startCommand.addOption(new Option(spec.flag, spec.describe));

program
  .command('migrate')
  .description('apply pending database migrations')
  .addHelpText('after', examples('DATABASE_URL=postgres://wh@db.internal/wh wh-server migrate'))
  .action(() => withDatabase(configFromEnv(), async () => log('database is up to date')));

program
  .command('provision')
  .description('create or update organizations, locations, users and tokens from a YAML or JSON file (idempotent)')
  .argument('<file>', 'provisioning file')
  .addHelpText('after', examples('wh-server provision organizations.yaml'))
  .action((file: string) => {
    // The file first: a mistake in it is said before a database starts.
    const fixture = readFixture(file);
    return withDatabase(configFromEnv(), async (orm) => {
      await provision(orm.em, fixture);
      log(`provisioned ${fixture.organizations.map((o) => o.subdomain).join(', ')}`);
    });
  });

program
  .command('profile')
  .description(
    'print the conformance profile for a provisioned fixture (see "The profile" in docs/vendors.md of the kit)',
  )
  .argument('[file]', 'provisioning file')
  .option('--demo', 'the bundled demo data, as wh-server start --demo serves it, instead of a file')
  .option(
    '--organization <subdomain>',
    'the organization to check (default: the first with a paid location and an admin)',
  )
  .option(
    '--base-url-template <template>',
    'addresses with {subdomain} for the first host label (default: http://{subdomain}.<WH_BASE_HOST>:<PORT>)',
  )
  .addHelpText(
    'after',
    examples(
      'wh-server profile organizations.yaml --organization acme > deployment.yaml',
      "wh-server profile organizations.yaml --base-url-template 'https://{subdomain}.warehouse.example.com'",
      'wh-server profile --demo > deployment.yaml',
    ),
  )
  .action((file: string | undefined, options: { demo?: boolean; organization?: string; baseUrlTemplate?: string }) => {
    if (file && options.demo) throw new ConfigError('give a provisioning file or --demo, not both');
    if (!file && !options.demo) throw new ConfigError('give a provisioning file, or --demo for the bundled demo');
    const config = configFromEnv();
    const profile = profileFor(readFixture(file ?? DEMO_FIXTURE), {
      baseUrlTemplate: options.baseUrlTemplate ?? `http://{subdomain}.${config.baseHost}:${config.port}`,
      ...(options.organization && { organization: options.organization }),
    });
    const source = file ?? 'the bundled demo';
    process.stdout.write(`# Conformance profile for ${source}, printed by wh-server profile\n${stringify(profile)}`);
  });

const expectedFailures = [
  'ConfigError',
  'DatabaseStartError',
  'DatabaseUnreachableError',
  'FixtureError',
  'ProvisioningError',
  'ProfileChoiceError',
  'ListenError',
];

try {
  await program.parseAsync();
} catch (error) {
  // Anything else (a bug, or a module a broken install lacks) goes on to bin/wh-server.js,
  // which reports it even when this module's own imports cannot load.
  if (!(error instanceof Error && expectedFailures.includes(error.name))) throw error;
  console.error(`wh-server: ${error.message}`);
  process.exit(1);
}
