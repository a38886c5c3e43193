// Server settings from the environment, read in one place.

export interface ServerConfig {
  port: number;
  /** Requests go to `<subdomain>.<baseHost>`. */
  baseHost: string;
  /** Any PostgreSQL; when absent an embedded one is started in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /**
   * Behind a reverse proxy: honour X-Forwarded-Proto/Host when building `Link` URLs, and take
   * the client address from the X-Forwarded-For entry the nearest proxy added.
   */
  trustProxy: boolean;
  /** Validate every response against the spec (tests turn this on). */
  validateResponses: boolean;
  /** The largest request body, in bytes after decompression (DECISIONS 58). */
  bodyLimit: number;
  /** The largest bulk-upload body, in bytes after decompression. */
  bulkUploadBodyLimit: number;
  /** Failed authentications allowed per client address and minute (DECISIONS 65). */
  authFailuresPerMinute: number;
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max))
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got ${raw}`);
  return value;
}

const MIB = 1024 * 1024;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    baseHost: (env.WH_BASE_HOST ?? 'localhost').toLowerCase(),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.WH_DATA_DIR ?? '.data',
    trustProxy: env.WH_TRUST_PROXY === '1' || env.WH_TRUST_PROXY === 'true',
    validateResponses: env.WH_VALIDATE_RESPONSES === '1' || env.WH_VALIDATE_RESPONSES === 'true',
    bodyLimit: wholeNumber(env, 'WH_BODY_LIMIT', MIB, 1024, 64 * MIB),
    bulkUploadBodyLimit: wholeNumber(env, 'WH_BULK_UPLOAD_BODY_LIMIT', 10 * MIB, 1024, 256 * MIB),
    authFailuresPerMinute: wholeNumber(env, 'WH_AUTH_FAILURES_PER_MINUTE', 20, 1, 100_000),
  };
}
