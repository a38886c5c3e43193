import { Migration } from '@mikro-orm/migrations';
import { countRecordsFunction } from './Migration20261123100000_performance.js';

// Kept counts that make no writer wait (DECISIONS 474). A transaction added its changes to the
// slot of its backend (`pg_backend_pid() % 16`, DECISIONS 296), so backends whose ids met modulo
// 16 queued on one row until COMMIT: 27 backends on 15 rows in an operator's run of three
// processes. Now a statement adds each scope's change to a slot row no other transaction holds
// (`for update skip locked`) or, when every one is held, to a new slot: a scope has as many
// rows as writers ever wrote it at once, and readers sum them, as they did the 16.
export class Migration20261208200000_counts_without_waits extends Migration {
  override up(): void {
    this.addSql(`
      alter table record_counts alter column slot type integer;
      -- Numbers for new slots, above the 16 the backends' slots used.
      create sequence record_count_slots as integer start with 16;

      -- Adds to a slot of the scope that no other transaction holds, or to a new one: never a wait.
      create function add_record_count(counted text, organization integer, location integer, delta bigint)
        returns void language plpgsql as $$
      begin
        update record_counts set count = count + delta
         where ctid = (select ctid from record_counts
                        where table_name = counted and organization_id = organization and location_id = location
                        limit 1 for update skip locked);
        if not found then
          insert into record_counts (table_name, organization_id, location_id, slot, count)
            values (counted, organization, location, nextval('record_count_slots'), delta);
        end if;
      end $$;

      -- Set-based as before: one change per scope, whatever the number of rows a statement writes.
      create or replace function count_records() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform add_record_count(tg_table_name, c.organization_id, c.location_id, c.delta)
            from (select organization_id, coalesce(location_id, 0) as location_id, count(*) as delta
                    from new_rows group by 1, 2 order by 1, 2) c;
        elsif tg_op = 'DELETE' then
          perform add_record_count(tg_table_name, c.organization_id, c.location_id, -c.delta)
            from (select organization_id, coalesce(location_id, 0) as location_id, count(*) as delta
                    from old_rows group by 1, 2 order by 1, 2) c;
        else
          perform add_record_count(tg_table_name, c.organization_id, c.location_id, c.delta)
            from (select organization_id, location_id, sum(delta) as delta from (
                    select n.organization_id, coalesce(n.location_id, 0) as location_id, 1 as delta
                      from new_rows n join old_rows o on o.id = n.id
                     where (n.organization_id, n.location_id) is distinct from (o.organization_id, o.location_id)
                    union all
                    select o.organization_id, coalesce(o.location_id, 0), -1
                      from new_rows n join old_rows o on o.id = n.id
                     where (n.organization_id, n.location_id) is distinct from (o.organization_id, o.location_id)
                  ) moved group by 1, 2 having sum(delta) <> 0 order by 1, 2) c;
        end if;
        return null;
      end $$;
    `);
  }

  override down(): void {
    this.addSql(`
      create temporary table summed_counts on commit drop as
        select table_name, organization_id, location_id, sum(count)::bigint as count
          from record_counts group by 1, 2, 3;
      delete from record_counts;
      alter table record_counts alter column slot type smallint;
      insert into record_counts (table_name, organization_id, location_id, slot, count)
        select table_name, organization_id, location_id, 0, count from summed_counts;
      ${countRecordsFunction(`(pg_backend_pid() % 16)::smallint`)}
      drop function add_record_count(text, integer, integer, bigint);
      drop sequence record_count_slots;
    `);
  }
}
