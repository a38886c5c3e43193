import { Migration } from '@mikro-orm/migrations';

// Events, an extension beyond the reference (DECISIONS 170–178): a row per change of a record,
// inserted in the transaction that makes the change (a transactional outbox).
//
// The feed reads in (txid, id) order below the snapshot's xmin (DECISIONS 174). A reader sees the
// organization-wide events and those of its locations (DECISIONS 173), so each of the two has an
// index in feed order, and a page reads at most a page per location whatever else the
// organization wrote; the whole organization's order serves readers of everything (webhooks).
// `prior_*` say who could see the record before a change of location (null: the same readers).
// `appointment_locations` gives each booked appointment nested in a purchase order its location,
// by appointment id, so each reader is shown only its own. `data` is json, not jsonb, so that the
// record keeps its attributes in the order the API renders them.
//
// `event_retention` keeps, per organization, the highest position the retention sweep deleted
// and the time before which events are gone (DECISIONS 177).
export class Migration20261124100000_events extends Migration {
  override up(): void {
    this.addSql(`
      create table events (
        id bigint generated always as identity primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        txid xid8 not null default pg_current_xact_id(),
        type text not null,
        record_type text not null,
        record_id integer not null,
        location_id integer references locations (id) on delete set null,
        visibility text not null check (visibility in ('location', 'everyone')),
        prior_location_id integer references locations (id) on delete set null,
        prior_visibility text check (prior_visibility in ('location', 'everyone')),
        appointment_locations jsonb,
        occurred_at timestamptz not null default clock_timestamp(),
        data json not null
      );
      create index events_feed on events (organization_id, txid, id);
      create index events_feed_everyone on events (organization_id, txid, id) where visibility = 'everyone';
      create index events_feed_location on events (location_id, txid, id) where visibility = 'location';
      create index events_occurred_at on events (occurred_at);

      create table event_retention (
        organization_id integer primary key references organizations (id) on delete cascade,
        txid xid8 not null,
        id bigint not null,
        deleted_before timestamptz not null,
        retention_days integer not null
      );
    `);
  }

  override down(): void {
    this.addSql('drop table if exists event_retention; drop table if exists events;');
  }
}
