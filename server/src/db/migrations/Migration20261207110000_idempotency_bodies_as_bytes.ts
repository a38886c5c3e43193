import { Migration } from '@mikro-orm/migrations';

// A stored Idempotency-Key answer keeps the bytes that were sent (DECISIONS 439): jsonb kept the
// value with its object keys reordered (shortest first), so a replay's body was not the first
// answer's. Rows stored before keep jsonb's text of their value, the only one left; they expire
// within WH_IDEMPOTENCY_TTL_HOURS.
export class Migration20261207110000_idempotency_bodies_as_bytes extends Migration {
  override up(): void {
    this.addSql(`alter table idempotency_keys alter column body type bytea using convert_to(body::text, 'UTF8');`);
  }

  override down(): void {
    this.addSql(`alter table idempotency_keys alter column body type jsonb using convert_from(body, 'UTF8')::jsonb;`);
  }
}
