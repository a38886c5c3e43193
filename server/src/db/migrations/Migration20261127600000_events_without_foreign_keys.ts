import { Migration } from '@mikro-orm/migrations';

// Events name their organization and locations by id, as they name their record, without
// foreign keys (DECISIONS 298). Every event's insert fired a key check per reference, each
// taking a share lock on the organization's and the location's row: rows every concurrent
// write at a warehouse locks alike, so the locks piled up as multixacts. Events are a log,
// written only by the server from rows it has just read in the same transaction; a location's
// or organization's deletion, which the API does not offer, would have had to rewrite or
// delete its whole history in one transaction, where the retention sweep now removes it in
// batches.
export class Migration20261127600000_events_without_foreign_keys extends Migration {
  override up(): void {
    this.addSql(`
      alter table events drop constraint events_organization_id_fkey,
        drop constraint events_location_id_fkey,
        drop constraint events_prior_location_id_fkey;
    `);
  }

  override down(): void {
    this.addSql(`
      alter table events
        add constraint events_organization_id_fkey foreign key (organization_id)
          references organizations (id) on delete cascade,
        add constraint events_location_id_fkey foreign key (location_id)
          references locations (id) on delete set null,
        add constraint events_prior_location_id_fkey foreign key (prior_location_id)
          references locations (id) on delete set null;
    `);
  }
}
