// Server settings from the environment, read in one place.

export interface ServerConfig {
  port: number;
  /** Requests go to `<subdomain>.<baseHost>`. */
  baseHost: string;
  /** Any PostgreSQL; when absent an embedded one is started in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Honour X-Forwarded-Proto/Host from a reverse proxy when building `Link` URLs. */
  trustProxy: boolean;
  /** Validate every response against the spec (tests turn this on). */
  validateResponses: boolean;
}

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
  };
}
