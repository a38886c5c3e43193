import { Migration } from '@mikro-orm/migrations';

// Performance (DECISIONS 100–104):
// - rate-limit counters are not business data, so their table is UNLOGGED: no WAL, no
//   durable commit per request; a crash empties it, which resets every budget (DECISIONS 101);
// - a version row that every change to organizations, locations, API users and roles bumps
//   at commit, so that server processes can cache tenants and tokens and still see such a
//   change on their very next request (DECISIONS 100);
// - per-location counts of products and purchase orders, kept by statement triggers in the
//   writing transaction, so an unfiltered list's Total-Count is exact without a scan, and
//   indexes that keep a location's list in id order at any size (DECISIONS 102).
const directoryTables = ['organizations', 'locations', 'api_users', 'location_roles'];
const countedTables = ['products', 'purchase_orders'];

/** Bumps at commit for any row written; TRUNCATE fires no row triggers, so it bumps too. Also used by later migrations. */
export const directoryTriggers = (table: string) => `
  create constraint trigger ${table}_directory_version after insert or update or delete on ${table}
    deferrable initially deferred for each row execute function bump_directory_version();
  create trigger directory_version_truncate after truncate on ${table}
    for each statement execute function bump_directory_version();`;

/** Also used by later migrations that count another table. */
export const countTriggers = (table: string) => `
  create trigger ${table}_count_insert after insert on ${table}
    referencing new table as new_rows for each statement execute function count_records();
  create trigger ${table}_count_update after update on ${table}
    referencing new table as new_rows old table as old_rows for each statement execute function count_records();
  create trigger ${table}_count_delete after delete on ${table}
    referencing old table as old_rows for each statement execute function count_records();`;

/**
 * The trigger function that keeps `record_counts`, set-based whatever the number of rows a
 * statement writes. With `slot`, an expression, each count goes to that slot of its scope
 * (DECISIONS 296); without, to the scope's one row. Also used by later migrations.
 */
export const countRecordsFunction = (slot?: string) => {
  const columns = slot
    ? 'table_name, organization_id, location_id, slot, count'
    : 'table_name, organization_id, location_id, count';
  const value = slot ? `, ${slot}` : '';
  const conflict = slot
    ? '(table_name, organization_id, location_id, slot)'
    : '(table_name, organization_id, location_id)';
  return `
      -- Set-based, whatever the number of rows a statement writes; counters are written in
      -- key order, so concurrent transactions lock them alike. An update counts only rows
      -- that moved.
      create or replace function count_records() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into record_counts as r (${columns})
            select tg_table_name, organization_id, coalesce(location_id, 0)${value}, count(*)
              from new_rows group by 2, 3 order by 2, 3
          on conflict ${conflict} do update set count = r.count + excluded.count;
        elsif tg_op = 'DELETE' then
          insert into record_counts as r (${columns})
            select tg_table_name, organization_id, coalesce(location_id, 0)${value}, -count(*)
              from old_rows group by 2, 3 order by 2, 3
          on conflict ${conflict} do update set count = r.count + excluded.count;
        else
          insert into record_counts as r (${columns})
            select tg_table_name, organization_id, location_id${value}, sum(delta) from (
                select n.organization_id, coalesce(n.location_id, 0) as location_id, 1 as delta
                  from new_rows n join old_rows o on o.id = n.id
                 where (n.organization_id, n.location_id) is distinct from (o.organization_id, o.location_id)
                union all
                select o.organization_id, coalesce(o.location_id, 0), -1
                  from new_rows n join old_rows o on o.id = n.id
                 where (n.organization_id, n.location_id) is distinct from (o.organization_id, o.location_id)
              ) moved
             group by 2, 3 having sum(delta) <> 0 order by 2, 3
          on conflict ${conflict} do update set count = r.count + excluded.count;
        end if;
        return null;
      end $$;`;
};

export class Migration20261123100000_performance extends Migration {
  override up(): void {
    this.addSql(`
      alter table rate_limits set unlogged;

      create table directory_version (
        id integer primary key check (id = 1),
        version bigint not null
      );
      insert into directory_version (id, version) values (1, 1);

      -- Deferred to commit, so the version row is locked last and only for the commit's own
      -- moment (one lock order whatever the transaction did before), and bumped once per
      -- transaction: the row's xmin is the transaction that last bumped it.
      create function bump_directory_version() returns trigger language plpgsql as $$
      begin
        update directory_version set version = version + 1 where id = 1 and xmin <> pg_current_xact_id()::xid;
        return null;
      end $$;

${directoryTables.map(directoryTriggers).join('\n')}

      -- Records per organization and location (0: at no location, for unassigned orders).
      create table record_counts (
        table_name text not null,
        organization_id integer not null,
        location_id integer not null,
        count bigint not null,
        primary key (table_name, organization_id, location_id)
      );
      insert into record_counts (table_name, organization_id, location_id, count)
        select 'products', organization_id, location_id, count(*) from products group by 2, 3;
      insert into record_counts (table_name, organization_id, location_id, count)
        select 'purchase_orders', organization_id, coalesce(location_id, 0), count(*)
          from purchase_orders group by 2, 3;

${countRecordsFunction()}

${countedTables.map(countTriggers).join('\n')}

      -- ANALYZE gathers no statistics for the partial SKU index's expression; without them a
      -- million-row list filtered by SKU was planned as a walk of the whole id index.
      create statistics products_lower_sku on (lower(sku)) from products;
      create statistics products_lower_name on (lower(name)) from products;
      create statistics companies_lower_name on (lower(name)) from companies;
      analyze products, companies;

      -- A location's list in id order, without walking every other location's rows.
      create index products_location_id on products (location_id, id);
      create index purchase_orders_location_id on purchase_orders (location_id, id);
    `);
  }

  override down(): void {
    // Dropping a trigger function drops the triggers that call it.
    this.addSql(`
      drop index purchase_orders_location_id;
      drop index products_location_id;
      drop statistics companies_lower_name, products_lower_name, products_lower_sku;
      drop function count_records() cascade;
      drop table record_counts;
      drop function bump_directory_version() cascade;
      drop table directory_version;
      alter table rate_limits set logged;
    `);
  }
}
