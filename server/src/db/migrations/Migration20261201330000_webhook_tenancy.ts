import { Migration } from '@mikro-orm/migrations';

// Webhooks between tenants (issue 33, DECISIONS 330–337).
//
// Due deliveries are claimed endpoint by endpoint, organizations and endpoints taking turns
// (DECISIONS 330): the claim skips through the pending deliveries by endpoint and reads each
// endpoint's oldest due ones, and a recovery looks for the endpoint's pending deliveries (331),
// both on one index, which replaces the index by due time alone.
//
// Event ids and cursors are opaque (DECISIONS 334): `event_keys` holds the deployment's key for
// them, 244 random bits made here (two random UUIDs' bytes; gen_random_uuid is built in, where
// gen_random_bytes needs pgcrypto), one row that every process reads.
//
// An attempt records a category, not the socket's text (DECISIONS 336): the texts recorded before
// become the category they name, and a check keeps to the categories.
export class Migration20261201330000_webhook_tenancy extends Migration {
  override up(): void {
    this.addSql(`
      create table event_keys (
        id integer primary key default 1 check (id = 1),
        key bytea not null
      );
      insert into event_keys (key) values (uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()));

      create index webhook_deliveries_pending on webhook_deliveries (endpoint_id, next_attempt_at, id)
        where status = 'pending';
      drop index webhook_deliveries_due;

      update webhook_attempts set error = case
          when error like 'no answer within %' then 'timeout'
          when error like '%does not resolve%' or error like 'resolving % took more than %' then 'dns'
          when error like '%webhooks go to public addresses only%' then 'refused_address'
          when error like 'event evt\\_% has expired' then 'event_expired'
          when error like 'the secret cannot be decrypted%' then 'secret_unreadable'
          when error like '%ECONNREFUSED%' then 'connection_refused'
          when error ~ 'certificate|CERT_|SSL|TLS|EPROTO' then 'tls'
          else 'connection_failed' end
        where error is not null;
      alter table webhook_attempts add constraint webhook_attempts_error_category check (error in ('dns',
        'refused_address', 'connection_refused', 'timeout', 'tls', 'connection_failed', 'event_expired',
        'secret_unreadable'));
    `);
  }

  override down(): void {
    this.addSql(`
      alter table webhook_attempts drop constraint webhook_attempts_error_category;
      create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
      drop index webhook_deliveries_pending;
      drop table event_keys;
    `);
  }
}
