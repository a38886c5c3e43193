import { Migration } from '@mikro-orm/migrations';
import { countRecordsFunction } from './Migration20261123100000_performance.js';

// Kept counts in slots (DECISIONS 296): every new order, product or appointment at a warehouse
// added 1 to that warehouse's one row of `record_counts`, and so held its lock until COMMIT;
// concurrent creates at one warehouse queued on it. Each scope now has up to 16 rows, and a
// transaction writes the slot of its server backend, so transactions on different connections
// rarely meet. Readers already sum the rows of a scope (its locations), so they sum the slots too.
const SLOTS = 16;

export class Migration20261127500000_count_slots extends Migration {
  override up(): void {
    this.addSql(`
      alter table record_counts add column slot smallint not null default 0;
      alter table record_counts drop constraint record_counts_pkey,
        add primary key (table_name, organization_id, location_id, slot);
      ${countRecordsFunction(`(pg_backend_pid() % ${SLOTS})::smallint`)}
    `);
  }

  override down(): void {
    this.addSql(`
      create temporary table summed_counts on commit drop as
        select table_name, organization_id, location_id, sum(count)::bigint as count
          from record_counts group by 1, 2, 3;
      delete from record_counts;
      alter table record_counts drop constraint record_counts_pkey, drop column slot,
        add primary key (table_name, organization_id, location_id);
      insert into record_counts (table_name, organization_id, location_id, count)
        select table_name, organization_id, location_id, count from summed_counts;
      ${countRecordsFunction()}
    `);
  }
}
