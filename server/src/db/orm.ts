import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options, UnderscoreNamingStrategy } from '@mikro-orm/postgresql';
import { entities } from '../entities/index.js';
import { Migration20261122000000_initial } from './migrations/Migration20261122000000_initial.js';

export type Orm = MikroORM;

/** Foreign keys are named for their column (`organizationId` → `organization_id`), not `organization_id_id`. */
class NamingStrategy extends UnderscoreNamingStrategy {
  override joinKeyColumnName(propertyName: string, referencedColumnName?: string): string {
    return propertyName.endsWith('Id')
      ? this.propertyToColumnName(propertyName)
      : super.joinKeyColumnName(propertyName, referencedColumnName);
  }
}

const migrationsList = [{ name: 'Migration20261122000000_initial', class: Migration20261122000000_initial }];

/** `overrides` lets the benchmark count queries through MikroORM's logger. */
export function openOrm(databaseUrl: string, overrides: Partial<Options> = {}): Promise<Orm> {
  return MikroORM.init({
    clientUrl: databaseUrl,
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
}

// Any fixed number; it names the lock that serialises migrations across processes.
const MIGRATION_LOCK = 7_243_001;

/** Applies pending migrations. Several servers starting at once take turns. */
export async function migrate(orm: Orm): Promise<string[]> {
  const em = orm.em.fork();
  return em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    const applied = await orm.getMigrator().up({ transaction: tx.getTransactionContext() });
    return applied.map((migration) => migration.name);
  });
}
