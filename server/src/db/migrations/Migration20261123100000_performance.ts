import { Migration } from '@mikro-orm/migrations';

// Performance (DECISIONS 100–109):
// - rate-limit counters are not business data, so their table is UNLOGGED: no WAL, no
//   durable commit per request; a crash empties it, which resets every budget (DECISIONS 101);
// - a version row that every change to organizations, locations, API users and roles bumps
//   at commit, so that server processes can cache tenants and tokens and still see such a
//   change on their very next request (DECISIONS 100).
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
