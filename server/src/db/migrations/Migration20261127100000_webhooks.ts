import { Migration } from '@mikro-orm/migrations';

// Webhook endpoints and their deliveries, an extension beyond the reference (DECISIONS 240–252).
//
// `webhook_endpoints.location_ids` null covers every location of the organization; `types` is the
// filter as given, `selected_types` the event types it selected when saved (null: all), matched
// with one array comparison. Secrets are AES-256-GCM ciphertexts (DECISIONS 244), the previous
// one kept until `previous_secret_expires_at`. `start_txid` is the feed's end at creation: the
// endpoint receives only events after it. `failing_since` is the first failure since the last
// success, for disabling an endpoint that fails for days.
//
// `webhook_dispatch` is each organization's cursor of events already fanned out to deliveries
// (DECISIONS 246). `webhook_deliveries` is the queue and its history at once (DECISIONS 247):
// due ones are claimed by `next_attempt_at` under a lease (`locked_until`, `lease`), so the index
// on pending deliveries is all the claim reads. `webhook_attempts` records each attempt.
export class Migration20261127100000_webhooks extends Migration {
  override up(): void {
    this.addSql(`
      create table webhook_endpoints (
        id integer generated always as identity primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        location_ids integer[],
        url text not null,
        description text not null default '',
        types text[] not null,
        selected_types text[],
        enabled boolean not null default true,
        disabled_reason text,
        secret text not null,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        start_txid xid8 not null,
        failing_since timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index webhook_endpoints_organization on webhook_endpoints (organization_id, id);

      create table webhook_dispatch (
        organization_id integer primary key references organizations (id) on delete cascade,
        txid xid8 not null,
        id bigint not null
      );

      create table webhook_deliveries (
        id bigint generated always as identity primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        endpoint_id integer not null references webhook_endpoints (id) on delete cascade,
        event_id bigint not null,
        event_type text not null,
        reason text not null check (reason in ('event', 'redeliver', 'recover')),
        status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
        attempt_count integer not null default 0,
        next_attempt_at timestamptz,
        locked_until timestamptz,
        lease uuid,
        created_at timestamptz not null default now()
      );
      create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, id desc);
      create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
      create index webhook_deliveries_created_at on webhook_deliveries (created_at);

      create table webhook_attempts (
        id bigint generated always as identity primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        delivery_id bigint not null references webhook_deliveries (id) on delete cascade,
        attempted_at timestamptz not null,
        status_code integer,
        error text,
        duration_ms integer not null
      );
      create index webhook_attempts_delivery on webhook_attempts (delivery_id, id);
    `);
  }

  override down(): void {
    this.addSql(
      'drop table if exists webhook_attempts; drop table if exists webhook_deliveries; ' +
        'drop table if exists webhook_dispatch; drop table if exists webhook_endpoints;',
    );
  }
}
