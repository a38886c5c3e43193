// Every setting of wh-server, in one place: read from the environment, where a command-line
// flag wins, and checked here, so a bad value stops the server at start with one line naming
// the setting, never later in a request. A new setting is one entry in `settings`: the type and
// `wh-server --help` follow from it, and a test holds the README's table to it.
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';

/** A setting whose value cannot be used: the operator's mistake, reported in one line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

interface Setting<T> {
  env: string;
  /** The option of `wh-server start` that sets it too, as commander writes it. */
  flag?: string;
  describe: string;
  /** What `--help` shows as the default, where the default is not a plain value. */
  defaultText?: string;
  /** Its value when unset. */
  fallback: T;
  /** Throws a message naming what is wrong, or returns the value. */
  parse(raw: string): T;
  /** Never echoed in an error: the value may hold a password. */
  secret?: boolean;
}

type Spec<T> = Omit<Setting<T>, 'fallback'>;

const setting = <T>(spec: Spec<T>, fallback: T): Setting<T> => ({ ...spec, fallback });
const optional = <T>(spec: Spec<T>): Setting<T | undefined> => ({ ...spec, fallback: undefined });

const integer =
  (min: number, max: number) =>
  (raw: string): number => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || value < min || value > max) throw `must be an integer from ${min} to ${max}`;
    return value;
  };

/** Milliseconds, from 1 ms to a day. */
const milliseconds = integer(1, 86_400_000);

const flag = (raw: string): boolean => {
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off', ''].includes(raw.toLowerCase())) return false;
  throw 'must be 1 or 0 (true or false)';
};

const oneOf =
  <const T extends string>(...values: T[]) =>
  (raw: string): T => {
    if (!(values as string[]).includes(raw)) throw `must be one of ${values.join(', ')}`;
    return raw as T;
  };

const hostName = (raw: string): string => {
  if (isIP(raw) || /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(raw))
    return raw.toLowerCase();
  throw 'must be a host name or an IP address';
};

/** One label of a host name, as a subdomain is. */
const subdomain = (raw: string): string => {
  if (/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i.test(raw)) return raw.toLowerCase();
  throw 'must be one label of a host name, such as acme';
};

const postgresUrl = (raw: string): string => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw 'must be a URL such as postgres://user:password@host:5432/database';
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw 'must start with postgres://';
  return raw;
};

const text = (raw: string): string => raw;

/** A number above 0 and at most 1. */
const fraction = (raw: string): number => {
  const value = Number(raw);
  if (!/^\d*\.?\d+(e-?\d+)?$/i.test(raw) || !(value > 0 && value <= 1)) throw 'must be a number above 0 and at most 1';
  return value;
};

/** Off (`false`), how many proxies stand before the server, or the addresses of the proxies to trust. */
export type TrustProxy = false | number | string[];

/** DECISIONS 149: `1` (or `true`) is one hop, as before; a list names proxies, as Express's `trust proxy` does. */
const trustedProxies = (raw: string): TrustProxy => {
  const problem =
    'must be 0, a number of proxies from 1 to 10, or their addresses: ' +
    'IPs or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated';
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 10) throw problem;
    return Number(raw) || false;
  }
  if (['false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(raw.toLowerCase())) return 1;
  const addresses = raw.split(',').map((entry) => entry.trim());
  try {
    proxyaddr.compile(addresses);
  } catch {
    throw problem;
  }
  return addresses;
};

/** `host:port`, the host an IP address (IPv6 in brackets) or a name. */
const listenAddress = (raw: string): { host: string; port: number } => {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(raw);
  const host = match?.[1] ?? match?.[2];
  const port = Number(match?.[3]);
  const problem = 'must be host:port, such as 127.0.0.1:9464';
  if (!match || !host || port > 65535 || (match[1] !== undefined && isIP(host) !== 6)) throw problem;
  try {
    return { host: hostName(host), port };
  } catch {
    throw problem;
  }
};

const bearerToken = (raw: string): string => {
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) throw 'must be 16 to 256 printable characters without spaces';
  return raw;
};

const MIB = 1024 * 1024;

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What stands between the server and PostgreSQL (DECISIONS 472). */
export const poolerModes = ['none', 'session', 'transaction'] as const;
export type PoolerMode = (typeof poolerModes)[number];

export const settings = {
  port: setting(
    { env: 'PORT', flag: '-p, --port <port>', describe: 'port to listen on', parse: integer(0, 65535) },
    3000,
  ),
  host: setting(
    {
      env: 'WH_HOST',
      flag: '--host <address>',
      describe: 'address to listen on; 0.0.0.0 (or ::) in a container or behind a load balancer',
      parse: hostName,
    },
    '127.0.0.1',
  ),
  baseHost: setting(
    { env: 'WH_BASE_HOST', describe: 'requests go to <subdomain>.<base host>', parse: hostName },
    'localhost',
  ),
  defaultSubdomain: optional({
    env: 'WH_DEFAULT_SUBDOMAIN',
    describe:
      'the subdomain the base host itself answers as, e.g. acme: then http://<base host>:<port> is that interface too, ' +
      'for clients that cannot resolve its subdomain, as Node cannot *.localhost (DECISIONS 462)',
    defaultText: "none; with --demo, the demo organization's",
    parse: subdomain,
  }),
  databaseUrl: optional({
    env: 'DATABASE_URL',
    describe: 'the PostgreSQL to use; unset starts an embedded one in WH_DATA_DIR',
    parse: postgresUrl,
    secret: true,
  }),
  dataDir: setting(
    { env: 'WH_DATA_DIR', describe: 'where the embedded PostgreSQL keeps its data', parse: text },
    '.data',
  ),
  poolSize: setting(
    { env: 'WH_DB_POOL_SIZE', describe: 'database connections per process, at most', parse: integer(1, 1000) },
    10,
  ),
  dbTimeoutMs: setting(
    {
      env: 'WH_DB_TIMEOUT_MS',
      describe: 'ms a request waits for a database connection, or for one statement, at most; then 503 (DECISIONS 371)',
      parse: integer(100, 3_600_000),
    },
    5_000,
  ),
  dbPooler: setting(
    {
      env: 'WH_DB_POOLER',
      describe:
        'the pool mode of a pooler (PgBouncer) between the server and PostgreSQL: none (a direct connection), ' +
        'session, or transaction (no named statements, the bounds of WH_DB_TIMEOUT_MS set in each transaction; DECISIONS 472)',
      parse: oneOf(...poolerModes),
    },
    'none',
  ),
  trustProxy: setting<TrustProxy>(
    {
      env: 'WH_TRUST_PROXY',
      describe:
        'the reverse proxies whose X-Forwarded-Proto/-Host/-For to honour: how many stand before the server ' +
        '(1: the nearest entry of -For), or their addresses and CIDR ranges, comma-separated (DECISIONS 149)',
      defaultText: 'off',
      parse: trustedProxies,
    },
    false,
  ),
  logLevel: setting(
    { env: 'WH_LOG_LEVEL', describe: `log level: ${logLevels.join(', ')}`, parse: oneOf(...logLevels) },
    'info',
  ),
  logFormat: optional({
    env: 'WH_LOG_FORMAT',
    describe: 'json (one object per line) or pretty',
    defaultText: 'pretty at a terminal, json otherwise',
    parse: oneOf('json', 'pretty'),
  }),
  metricsToken: optional({
    env: 'WH_METRICS_TOKEN',
    describe: 'when set, GET /metrics needs "Authorization: Bearer <this>"',
    defaultText: 'open on loopback, closed beyond it (DECISIONS 150)',
    parse: bearerToken,
    secret: true,
  }),
  metricsAddress: optional({
    env: 'WH_METRICS_ADDRESS',
    describe: 'host:port to serve GET /metrics on, alone (then not on the API address), e.g. 127.0.0.1:9464',
    parse: listenAddress,
  }),
  headersTimeoutMs: setting(
    { env: 'WH_HEADERS_TIMEOUT_MS', describe: 'ms a client has to send request headers', parse: milliseconds },
    10_000,
  ),
  requestTimeoutMs: setting(
    { env: 'WH_REQUEST_TIMEOUT_MS', describe: 'ms a client has to send a whole request', parse: milliseconds },
    30_000,
  ),
  keepAliveTimeoutMs: setting(
    { env: 'WH_KEEP_ALIVE_TIMEOUT_MS', describe: 'ms an idle keep-alive connection stays open', parse: milliseconds },
    5_000,
  ),
  maxConnections: setting(
    {
      env: 'WH_MAX_CONNECTIONS',
      describe: 'open connections at most; more are closed at once',
      parse: integer(1, 1_000_000),
    },
    1_000,
  ),
  shutdownTimeoutMs: setting(
    {
      env: 'WH_SHUTDOWN_TIMEOUT_MS',
      describe: 'ms in-flight requests get to finish on SIGTERM or SIGINT',
      parse: milliseconds,
    },
    10_000,
  ),
  bodyLimit: setting(
    {
      env: 'WH_BODY_LIMIT',
      describe: 'the largest request body, in bytes after decompression (DECISIONS 58)',
      parse: integer(1024, 64 * MIB),
    },
    MIB,
  ),
  bulkUploadBodyLimit: setting(
    {
      env: 'WH_BULK_UPLOAD_BODY_LIMIT',
      describe: 'the largest bulk-upload body, in bytes after decompression',
      parse: integer(1024, 256 * MIB),
    },
    10 * MIB,
  ),
  authFailuresPerMinute: setting(
    {
      env: 'WH_AUTH_FAILURES_PER_MINUTE',
      describe: 'failed authentications allowed per client address and minute (DECISIONS 65)',
      parse: integer(1, 100_000),
    },
    20,
  ),
  rateLimitWindowS: setting(
    {
      env: 'WH_RATE_LIMIT_WINDOW_S',
      describe:
        'seconds of the window of 120 requests a minute, from 1 to 60: shorter only for a test deployment, whose ' +
        'clients then wait seconds rather than a minute at a 429 (DECISIONS 490)',
      parse: integer(1, 60),
    },
    60,
  ),
  idempotencyTtlHours: setting(
    {
      env: 'WH_IDEMPOTENCY_TTL_HOURS',
      describe: 'hours a stored Idempotency-Key response is replayed (DECISIONS 113)',
      parse: integer(1, 24 * 30),
    },
    24,
  ),
  eventRetentionDays: setting(
    {
      env: 'WH_EVENT_RETENTION_DAYS',
      describe: 'days events are kept for GET /events (extension, DECISIONS 177)',
      parse: integer(1, 3650),
    },
    30,
  ),
  webhookAllowPrivate: setting(
    {
      env: 'WH_WEBHOOK_ALLOW_PRIVATE',
      describe: '1 to let webhook URLs reach loopback, private and link-local addresses (DECISIONS 242)',
      parse: flag,
    },
    false,
  ),
  webhookSecretKey: optional({
    env: 'WH_WEBHOOK_SECRET_KEY',
    describe:
      'the key webhook secrets are encrypted with, 16 to 256 characters, the same in every process and kept ' +
      "apart from the database's backups (DECISIONS 435)",
    defaultText:
      'required with DATABASE_URL; on the embedded database a random key kept in WH_DATA_DIR/webhook-secret-key',
    parse: bearerToken,
    secret: true,
  }),
  webhookPreviousSecretKey: optional({
    env: 'WH_WEBHOOK_PREVIOUS_SECRET_KEY',
    describe:
      'while rotating WH_WEBHOOK_SECRET_KEY: the key it replaces, which reads secrets stored under it; each ' +
      'process re-encrypts them under the new key at start (DECISIONS 435)',
    parse: bearerToken,
    secret: true,
  }),
  webhookTimeoutMs: setting(
    {
      env: 'WH_WEBHOOK_TIMEOUT_MS',
      describe: 'ms a webhook receiver has to answer (DECISIONS 248)',
      parse: milliseconds,
    },
    15_000,
  ),
  webhookRetryScale: setting(
    {
      env: 'WH_WEBHOOK_RETRY_SCALE',
      describe: "factor on the webhook retry schedule's waits, e.g. 0.001 in tests (DECISIONS 248)",
      parse: fraction,
    },
    1,
  ),
  webhookDisableAfterDays: setting(
    {
      env: 'WH_WEBHOOK_DISABLE_AFTER_DAYS',
      describe: 'days of failed deliveries without a success after which an endpoint is disabled (DECISIONS 245)',
      parse: integer(1, 365),
    },
    5,
  ),
  webhookPollMs: setting(
    {
      env: 'WH_WEBHOOK_POLL_MS',
      describe: 'ms an idle process waits before looking for events to dispatch and deliveries due (DECISIONS 252)',
      parse: integer(10, 60_000),
    },
    250,
  ),
  validateResponses: setting(
    { env: 'WH_VALIDATE_RESPONSES', describe: '1 to check every response against the spec (tests)', parse: flag },
    false,
  ),
};

type Settings = typeof settings;
export type ServerConfig = { [K in keyof Settings]: Settings[K]['fallback'] };
export type SettingName = keyof Settings;

/** Values given on the command line, by setting name, as commander parsed them (strings). */
export type ConfigFlags = Partial<Record<SettingName, string>>;

function read<K extends SettingName>(name: K, raw: string | undefined, source: string): ServerConfig[K] {
  const spec = settings[name] as Setting<ServerConfig[K]>;
  if (raw === undefined || raw === '') return spec.fallback;
  try {
    return spec.parse(raw.trim());
  } catch (problem) {
    if (typeof problem !== 'string') throw problem;
    throw new ConfigError(`${source} ${problem}${spec.secret ? '' : `, got ${JSON.stringify(raw)}`}`);
  }
}

/** `--port` for `-p, --port <port>`. */
export function flagName(spec: { flag?: string }): string | undefined {
  return spec.flag?.match(/--[\w-]+/)?.[0];
}

/** The configuration from the environment, with flags winning; throws ConfigError for a bad value. */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, flags: ConfigFlags = {}): ServerConfig {
  const config = {} as Record<SettingName, unknown>;
  for (const name of Object.keys(settings) as SettingName[]) {
    const spec = settings[name];
    const fromFlag = flags[name];
    config[name] = fromFlag !== undefined ? read(name, fromFlag, flagName(spec)!) : read(name, env[spec.env], spec.env);
  }
  const result = config as ServerConfig;
  if (result.headersTimeoutMs > result.requestTimeoutMs)
    throw new ConfigError('WH_HEADERS_TIMEOUT_MS must not be longer than WH_REQUEST_TIMEOUT_MS');
  return result;
}

/** One line per setting for `wh-server --help`: variable, meaning, default and the flag that wins. */
export function settingsHelp(): string {
  const all = Object.values(settings) as Setting<unknown>[];
  const width = Math.max(...all.map((spec) => spec.env.length));
  return all
    .map((spec) => {
      const shown = spec.defaultText ?? (spec.fallback === undefined ? undefined : String(spec.fallback));
      const notes = [shown && `default ${shown}`, spec.flag && `${flagName(spec)} wins`].filter(Boolean);
      return `  ${spec.env.padEnd(width)}  ${spec.describe}${notes.length ? ` (${notes.join('; ')})` : ''}`;
    })
    .join('\n');
}
