import { Migration } from '@mikro-orm/migrations';
import { countTriggers } from './Migration20261123100000_performance.js';

// Appointments at scale (DECISIONS 265): their counts per organization and location are kept
// by the statement triggers that keep products' and orders' (DECISIONS 102), so an unfiltered
// list's Total-Count is exact without counting a million rows; and an index keeps a location's
// appointments in id order, as products' and orders' are.
export class Migration20261127200000_perf extends Migration {
  override up(): void {
    // The table is locked first, so no appointment is written between the count and the triggers.
    this.addSql(`
      lock table appointments in share row exclusive mode;
      insert into record_counts (table_name, organization_id, location_id, count)
        select 'appointments', organization_id, location_id, count(*) from appointments group by 2, 3;
      ${countTriggers('appointments')}
      create index appointments_location_id on appointments (location_id, id);
    `);
  }

  override down(): void {
    this.addSql(`
      drop index appointments_location_id;
      drop trigger appointments_count_insert on appointments;
      drop trigger appointments_count_update on appointments;
      drop trigger appointments_count_delete on appointments;
      delete from record_counts where table_name = 'appointments';
    `);
  }
}
