import { Migration } from '@mikro-orm/migrations';

// An Idempotency-Key's claim is the lock its write's transaction holds on the key's row
// (DECISIONS 473), so it ends with that transaction, and with the process that held it: the
// lease a claim had, `claimed_until`, is gone.
export class Migration20261208100000_claims_held_by_transactions extends Migration {
  override up(): void {
    this.addSql('alter table idempotency_keys drop column claimed_until;');
  }

  override down(): void {
    this.addSql('alter table idempotency_keys add column claimed_until timestamptz not null default now();');
  }
}
