// The `idempotency_keys` table (DECISIONS 110–118, an extension beyond the reference): one row
// per API user, organization and key, shared by every server process. A row without a status
// is a claim on a request still running; a claim older than CLAIM_LEASE_SECONDS is taken to be
// left by a process that died, and the next request with the key takes it over. A write's
// answer is stored in the write's own transaction (DECISIONS 372); only a refusal is stored after.
// The body is kept as the bytes that were sent (`bytea`), so a replay sends them again as they
// were (DECISIONS 439).
import type { EntityManager } from '@mikro-orm/postgresql';
import { affectedRows, rows, type Sql, sql } from '../sql/statements.js';

/** Longer than any request may run (the request timeout is 30 s by default), so a live claim is never taken over. */
export const CLAIM_LEASE_SECONDS = 120;

/** Expired rows removed per claim, at most, so that cleaning never makes one request slow. */
const SWEEP_BATCH = 100;

export interface KeyOwner {
  organizationId: number;
  apiUserId: number;
  key: string;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** The body's bytes as they were sent; null for an answer without a body. */
  body: Buffer | null;
}

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'in-flight' }
  | { outcome: 'different-request' }
  | { outcome: 'replay'; response: StoredResponse };

interface Row {
  request_digest: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
}

const storedColumns = (response: StoredResponse) => ({
  status: response.status,
  headers: JSON.stringify(response.headers),
  body: response.body,
});

/** The row of `owner`'s key. */
const ownerSql = (owner: KeyOwner): Sql =>
  sql`organization_id = ${owner.organizationId} and api_user_id = ${owner.apiUserId} and key = ${owner.key}`;

export class IdempotencyKeys {
  /** `em`: the ORM's entity manager; claims and answers stored after a request commit on their own. */
  constructor(
    private readonly em: EntityManager,
    private readonly ttlHours: number,
  ) {}

  /**
   * Claims the key for a request with this digest, atomically across processes: a new key, an
   * expired one or an abandoned claim becomes ours; otherwise the row that holds it decides.
   */
  async claim(owner: KeyOwner, digest: string): Promise<Claim> {
    const inserted = await rows(
      this.em,
      sql`insert into idempotency_keys as k
         (organization_id, api_user_id, key, request_digest, claimed_until, expires_at)
       values (${owner.organizationId}, ${owner.apiUserId}, ${owner.key}, ${digest},
         now() + make_interval(secs => ${CLAIM_LEASE_SECONDS}::int), now() + make_interval(hours => ${this.ttlHours}::int))
       on conflict (organization_id, api_user_id, key) do update
         set request_digest = excluded.request_digest, claimed_until = excluded.claimed_until,
             expires_at = excluded.expires_at, status = null, headers = null, body = null
         where k.expires_at <= now() or (k.status is null and k.claimed_until <= now())
       returning 1`,
    );
    if (inserted.length > 0) {
      await this.sweep();
      return { outcome: 'claimed' };
    }
    const [row] = await rows<Row>(
      this.em,
      sql`select request_digest, status, headers, body from idempotency_keys where ${ownerSql(owner)}`,
    );
    // Gone between the two statements (swept as expired): a rare race, and trying again settles it.
    if (!row) return this.claim(owner, digest);
    if (row.request_digest !== digest) return { outcome: 'different-request' };
    if (row.status === null) return { outcome: 'in-flight' };
    return { outcome: 'replay', response: { status: row.status, headers: row.headers ?? {}, body: row.body } };
  }

  /**
   * Stores the response of the claimed request, for replays until the key expires, while the
   * claim is still its own; no body can fail to store (DECISIONS 152).
   */
  async complete(owner: KeyOwner, digest: string, response: StoredResponse): Promise<void> {
    const { status, headers, body } = storedColumns(response);
    await affectedRows(
      this.em,
      sql`update idempotency_keys set status = ${status}, headers = ${headers}::jsonb, body = ${body}
        where ${this.claimOf(owner, digest)}`,
    );
  }

  /**
   * Stores a write's response in the write's transaction, `em`'s, while the claim is still this
   * request's: it commits exactly when the write does. The row stays locked until then, so a
   * release waits for the outcome. False when the claim is gone (released, or taken over after
   * it lapsed): the write must then not commit.
   */
  async storeWithWrite(em: EntityManager, owner: KeyOwner, digest: string, response: StoredResponse): Promise<boolean> {
    const { status, headers, body } = storedColumns(response);
    const stored = await affectedRows(
      em,
      sql`update idempotency_keys set status = ${status}, headers = ${headers}::jsonb, body = ${body}
       where ${this.claimOf(owner, digest)}`,
    );
    return stored === 1;
  }

  /**
   * Gives the key up (the request failed with a server error), so that it can be retried. A
   * write that committed its answer keeps it: only a claim without a status is deleted.
   */
  async release(owner: KeyOwner, digest: string): Promise<void> {
    await affectedRows(this.em, sql`delete from idempotency_keys where ${this.claimOf(owner, digest)}`);
  }

  /** The row of a claim not yet answered. */
  private claimOf(owner: KeyOwner, digest: string): Sql {
    return sql`${ownerSql(owner)} and request_digest = ${digest} and status is null`;
  }

  /** Deletes a bounded batch of expired keys; each claim does, so the table stays as large as a day's keys. */
  private async sweep(): Promise<void> {
    await affectedRows(
      this.em,
      sql`delete from idempotency_keys where ctid = any(array(
         select ctid from idempotency_keys where expires_at <= now() limit ${SWEEP_BATCH}))`,
    );
  }
}
