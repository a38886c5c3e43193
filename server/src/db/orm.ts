import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options, UnderscoreNamingStrategy } from '@mikro-orm/postgresql';
import { type PoolerMode, settings } from '../config.js';
import { entities } from '../entities/index.js';
import { boundSession, configureStatements, oneRow, raw, rows, sql } from '../sql/statements.js';
import { Migration20261122000000_initial } from './migrations/Migration20261122000000_initial.js';
import { Migration20261123100000_performance } from './migrations/Migration20261123100000_performance.js';
import { Migration20261123200000_safe_writes } from './migrations/Migration20261123200000_safe_writes.js';
import { Migration20261123300000_limit_dates } from './migrations/Migration20261123300000_limit_dates.js';
import { Migration20261124100000_events } from './migrations/Migration20261124100000_events.js';
import { Migration20261127100000_webhooks } from './migrations/Migration20261127100000_webhooks.js';
import { Migration20261127200000_perf } from './migrations/Migration20261127200000_perf.js';
import { Migration20261127300000_booked_counts } from './migrations/Migration20261127300000_booked_counts.js';
import { Migration20261127400000_custom_fields_directory } from './migrations/Migration20261127400000_custom_fields_directory.js';
import { Migration20261127500000_count_slots } from './migrations/Migration20261127500000_count_slots.js';
import { Migration20261127600000_events_without_foreign_keys } from './migrations/Migration20261127600000_events_without_foreign_keys.js';
import { Migration20261201330000_webhook_tenancy } from './migrations/Migration20261201330000_webhook_tenancy.js';
import { Migration20261202100000_location_statistics } from './migrations/Migration20261202100000_location_statistics.js';
import { Migration20261207100000_organization_ids } from './migrations/Migration20261207100000_organization_ids.js';
import { Migration20261207110000_idempotency_bodies_as_bytes } from './migrations/Migration20261207110000_idempotency_bodies_as_bytes.js';
import { Migration20261208100000_claims_held_by_transactions } from './migrations/Migration20261208100000_claims_held_by_transactions.js';
import { Migration20261208200000_counts_without_waits } from './migrations/Migration20261208200000_counts_without_waits.js';
import { Migration20261209100000_versions_once_per_transaction } from './migrations/Migration20261209100000_versions_once_per_transaction.js';

export type Orm = MikroORM;

/** Time the server's cancellation of a statement (statement_timeout) has to arrive, before the client gives up. */
export const CLIENT_DEADLINE_MARGIN_MS = 1_000;

/** Foreign keys are named for their column (`organizationId` → `organization_id`), not `organization_id_id`. */
class NamingStrategy extends UnderscoreNamingStrategy {
  override joinKeyColumnName(propertyName: string, referencedColumnName?: string): string {
    return propertyName.endsWith('Id')
      ? this.propertyToColumnName(propertyName)
      : super.joinKeyColumnName(propertyName, referencedColumnName);
  }
}

const migrationsList = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
  { name: 'Migration20261123100000_performance', class: Migration20261123100000_performance },
  { name: 'Migration20261123200000_safe_writes', class: Migration20261123200000_safe_writes },
  { name: 'Migration20261123300000_limit_dates', class: Migration20261123300000_limit_dates },
  { name: 'Migration20261124100000_events', class: Migration20261124100000_events },
  { name: 'Migration20261127100000_webhooks', class: Migration20261127100000_webhooks },
  { name: 'Migration20261127200000_perf', class: Migration20261127200000_perf },
  { name: 'Migration20261127300000_booked_counts', class: Migration20261127300000_booked_counts },
  { name: 'Migration20261127400000_custom_fields_directory', class: Migration20261127400000_custom_fields_directory },
  { name: 'Migration20261127500000_count_slots', class: Migration20261127500000_count_slots },
  {
    name: 'Migration20261127600000_events_without_foreign_keys',
    class: Migration20261127600000_events_without_foreign_keys,
  },
  { name: 'Migration20261201330000_webhook_tenancy', class: Migration20261201330000_webhook_tenancy },
  { name: 'Migration20261202100000_location_statistics', class: Migration20261202100000_location_statistics },
  { name: 'Migration20261207100000_organization_ids', class: Migration20261207100000_organization_ids },
  {
    name: 'Migration20261207110000_idempotency_bodies_as_bytes',
    class: Migration20261207110000_idempotency_bodies_as_bytes,
  },
  {
    name: 'Migration20261208100000_claims_held_by_transactions',
    class: Migration20261208100000_claims_held_by_transactions,
  },
  { name: 'Migration20261208200000_counts_without_waits', class: Migration20261208200000_counts_without_waits },
  {
    name: 'Migration20261209100000_versions_once_per_transaction',
    class: Migration20261209100000_versions_once_per_transaction,
  },
];

export interface PoolOptions {
  poolSize?: number;
  /** The longest wait for a connection or for one statement (WH_DB_TIMEOUT_MS). */
  timeoutMs?: number;
  /** The pool mode of a pooler between the server and PostgreSQL (WH_DB_POOLER, DECISIONS 472). */
  pooler?: PoolerMode;
  /**
   * Where knex's warnings go (a pooled connection that failed, say). knex would print them with
   * console.log, on the stdout that holds wh-server's JSON log, with the SQL and its values; by
   * default they are dropped, since the request that met the failure logs it, and /readyz tells.
   */
  warn?: (message: string) => void;
}

/**
 * Every wait on the database is bounded by `timeoutMs` (DECISIONS 371): for a connection from the
 * pool (acquire) or a new one (connect), for a statement (statement_timeout, and on the client a
 * second later, pg's query_timeout, for a server that cannot even cancel it: the statements
 * module then ends the connection), and for a transaction left idle by its client
 * (idle_in_transaction_session_timeout, which ends its session and frees its locks). TCP
 * keepalive probes an idle connection after as long.
 */
export async function openOrm(
  databaseUrl: string,
  {
    poolSize = 10,
    timeoutMs = settings.dbTimeoutMs.fallback,
    pooler = 'none',
    warn = () => {},
    ...overrides
  }: Partial<Options> & PoolOptions = {},
): Promise<Orm> {
  const deadlineMs = timeoutMs + CLIENT_DEADLINE_MARGIN_MS;
  // A pooler refuses them as startup parameters (PgBouncer takes a few, not these).
  const startupBounds =
    pooler === 'none' ? { statement_timeout: timeoutMs, idle_in_transaction_session_timeout: timeoutMs } : {};
  const orm = await MikroORM.init({
    clientUrl: databaseUrl,
    // min 0 lets idle connections go, so none outlives a database restart.
    pool: {
      min: 0,
      max: poolSize,
      acquireTimeoutMillis: timeoutMs,
      // In session mode a connection keeps its server connection, and so its session's settings.
      ...(pooler === 'session'
        ? {
            afterCreate: (connection: unknown, done: (error: Error | null, connection: unknown) => void) => {
              boundSession(connection, timeoutMs).then(
                () => done(null, connection),
                (error: Error) => done(error, connection),
              );
            },
          }
        : {}),
    },
    driverOptions: {
      connection: {
        ...startupBounds,
        query_timeout: deadlineMs,
        connectionTimeoutMillis: timeoutMs,
        keepAlive: true,
        keepAliveInitialDelayMillis: timeoutMs,
      },
      log: { warn, error: warn, deprecate: warn, debug: () => {} },
    },
    entities,
    namingStrategy: NamingStrategy,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, silent: true },
    // Every request gets its own EntityManager (RequestContext); using the global one is a bug.
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: false },
    // Dates come back as Date objects, and timestamptz keeps the instant.
    forceUtcTimezone: true,
    // Nothing reaches the database before the handler flushes: a lookup made while
    // validating must never write a half-built record.
    flushMode: 'commit',
    ...overrides,
  });
  configureStatements(orm.em, {
    named: pooler !== 'transaction',
    deadlineMs,
    ...(pooler === 'transaction' ? { transactionBoundsMs: timeoutMs } : {}),
  });
  return orm;
}

const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/**
 * Migrations this build has that the database has not applied, read without writing: the
 * migrator's own check creates its table when missing, which a readiness probe must not do.
 */
export async function pendingMigrations(orm: Orm): Promise<string[]> {
  const table = await oneRow<{ found: string | null }>(orm.em, sql`select to_regclass(${MIGRATIONS_TABLE}) as found`);
  const applied = table.found
    ? new Set((await rows<{ name: string }>(orm.em, sql`select name from ${raw(MIGRATIONS_TABLE)}`)).map((r) => r.name))
    : new Set<string>();
  return migrationsList.map((migration) => migration.name).filter((name) => !applied.has(name));
}

/**
 * The statement_timeout a statement outside a transaction runs under: behind a pooler in
 * transaction mode the server bounds only its own transactions (DECISIONS 472), so this is the
 * database's or the role's setting, `0` when there is none.
 */
export async function sessionStatementTimeout(orm: Orm): Promise<string> {
  return (await oneRow<{ timeout: string }>(orm.em, sql`select current_setting('statement_timeout') as timeout`))
    .timeout;
}

/** Connections of the pool in use by requests, and requests waiting for one. */
export function poolUsage(orm: Orm): { inUse: number; waiting: number } {
  const pool = (orm.em.getConnection().getKnex().client as { pool?: TarnPool }).pool;
  return { inUse: pool?.numUsed() ?? 0, waiting: pool?.numPendingAcquires() ?? 0 };
}

interface TarnPool {
  numUsed(): number;
  numPendingAcquires(): number;
}

// Any fixed number; it names the lock that serialises migrations across processes.
const MIGRATION_LOCK = 7_243_001;

/** Applies pending migrations. Several servers starting at once take turns. */
export async function migrate(orm: Orm): Promise<string[]> {
  const em = orm.em.fork();
  return em.transactional(async (tx) => {
    await rows(tx, sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    const applied = await orm.getMigrator().up({ transaction: tx.getTransactionContext() });
    return applied.map((migration) => migration.name);
  });
}
