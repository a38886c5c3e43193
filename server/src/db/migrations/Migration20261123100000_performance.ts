import { Migration } from '@mikro-orm/migrations';

// Performance (DECISIONS 100–109):
// - rate-limit counters are not business data, so their table is UNLOGGED: no WAL, no
//   durable commit per request; a crash empties it, which resets every budget (DECISIONS 101);
// - a version row that every change to organizations, locations, API users and roles bumps
//   at commit, so that server processes can cache tenants and tokens and still see such a
//   change on their very next request (DECISIONS 100);
// - per-location counts of products and purchase orders, kept by statement triggers in the
//   writing transaction, so an unfiltered list's Total-Count is exact without a scan, and
//   indexes that keep a location's list in id order at any size (DECISIONS 102).
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

      create constraint trigger organizations_directory_version after insert or update or delete on organizations
        deferrable initially deferred for each row execute function bump_directory_version();
      create constraint trigger locations_directory_version after insert or update or delete on locations
        deferrable initially deferred for each row execute function bump_directory_version();
      create constraint trigger api_users_directory_version after insert or update or delete on api_users
        deferrable initially deferred for each row execute function bump_directory_version();
      create constraint trigger location_roles_directory_version after insert or update or delete on location_roles
        deferrable initially deferred for each row execute function bump_directory_version();
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

      -- Set-based, whatever the number of rows a statement writes; counters are written in
      -- key order, so concurrent transactions lock them alike. An update counts only rows
      -- that moved.
      create function count_records() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into record_counts as r (table_name, organization_id, location_id, count)
            select tg_table_name, organization_id, coalesce(location_id, 0), count(*)
              from new_rows group by 2, 3 order by 2, 3
          on conflict (table_name, organization_id, location_id) do update set count = r.count + excluded.count;
        elsif tg_op = 'DELETE' then
          insert into record_counts as r (table_name, organization_id, location_id, count)
            select tg_table_name, organization_id, coalesce(location_id, 0), -count(*)
              from old_rows group by 2, 3 order by 2, 3
          on conflict (table_name, organization_id, location_id) do update set count = r.count + excluded.count;
        else
          insert into record_counts as r (table_name, organization_id, location_id, count)
            select tg_table_name, organization_id, location_id, sum(delta) from (
                select n.organization_id, coalesce(n.location_id, 0) as location_id, 1 as delta
                  from new_rows n join old_rows o on o.id = n.id
                 where (n.organization_id, n.location_id) is distinct from (o.organization_id, o.location_id)
                union all
                select o.organization_id, coalesce(o.location_id, 0), -1
                  from new_rows n join old_rows o on o.id = n.id
                 where (n.organization_id, n.location_id) is distinct from (o.organization_id, o.location_id)
              ) moved
             group by 2, 3 having sum(delta) <> 0 order by 2, 3
          on conflict (table_name, organization_id, location_id) do update set count = r.count + excluded.count;
        end if;
        return null;
      end $$;

      create trigger products_count_insert after insert on products
        referencing new table as new_rows for each statement execute function count_records();
      create trigger products_count_update after update on products
        referencing new table as new_rows old table as old_rows for each statement execute function count_records();
      create trigger products_count_delete after delete on products
        referencing old table as old_rows for each statement execute function count_records();
      create trigger purchase_orders_count_insert after insert on purchase_orders
        referencing new table as new_rows for each statement execute function count_records();
      create trigger purchase_orders_count_update after update on purchase_orders
        referencing new table as new_rows old table as old_rows for each statement execute function count_records();
      create trigger purchase_orders_count_delete after delete on purchase_orders
        referencing old table as old_rows for each statement execute function count_records();

      -- A location's list in id order, without walking every other location's rows.
      create index products_location_id on products (location_id, id);
      create index purchase_orders_location_id on purchase_orders (location_id, id);

      -- TRUNCATE fires no row triggers.
      create trigger directory_version_truncate after truncate on organizations
        for each statement execute function bump_directory_version();
      create trigger directory_version_truncate after truncate on locations
        for each statement execute function bump_directory_version();
      create trigger directory_version_truncate after truncate on api_users
        for each statement execute function bump_directory_version();
      create trigger directory_version_truncate after truncate on location_roles
        for each statement execute function bump_directory_version();
    `);
  }

  override down(): void {
    this.addSql(`
      drop index purchase_orders_location_id;
      drop index products_location_id;
      drop trigger purchase_orders_count_delete on purchase_orders;
      drop trigger purchase_orders_count_update on purchase_orders;
      drop trigger purchase_orders_count_insert on purchase_orders;
      drop trigger products_count_delete on products;
      drop trigger products_count_update on products;
      drop trigger products_count_insert on products;
      drop function count_records();
      drop table record_counts;
      drop trigger directory_version_truncate on location_roles;
      drop trigger directory_version_truncate on api_users;
      drop trigger directory_version_truncate on locations;
      drop trigger directory_version_truncate on organizations;
      drop trigger location_roles_directory_version on location_roles;
      drop trigger api_users_directory_version on api_users;
      drop trigger locations_directory_version on locations;
      drop trigger organizations_directory_version on organizations;
      drop function bump_directory_version();
      drop table directory_version;
      alter table rate_limits set logged;
    `);
  }
}
