// The `idempotency_keys` table (DECISIONS 110–118, an extension beyond the reference): one row
// per API user, organization and key, shared by every server process. A row without a status is
// a request not answered yet; the request that runs holds the row locked in its write's
// transaction, so the claim lives exactly as long as that transaction: a process that dies takes
// its connection, and so its claim, with it (DECISIONS 473). A write's answer is stored in its
// own transaction (DECISIONS 372); only a refusal is stored after. The body is kept as the bytes
// that were sent (`bytea`), so a replay sends them again as they were (DECISIONS 439).
import type { EntityManager } from '@mikro-orm/postgresql';
import { affectedRows, oneRow, rows, type Sql, sql } from '../sql/statements.js';

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
  | { outcome: 'different-request' }
  | { outcome: 'replay'; response: StoredResponse };

interface Row {
  new: boolean;
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
  /** `em`: the ORM's entity manager; keys are claimed, and refusals stored, by statements of their own. */
  constructor(
    private readonly em: EntityManager,
    private readonly ttlHours: number,
  ) {}

  /**
   * Claims the key for a request with this digest, in one statement that never waits, across
   * processes: a new key becomes this request's; a key in use answers what it holds, another
   * request's digest or an answer to replay. A key without an answer yet, or expired, is claimed
   * too: whichever request locks it in its write's transaction (lockForWrite) runs. The same
   * statement deletes a bounded batch of expired keys, so the table stays as large as a day's keys.
   */
  async claim(owner: KeyOwner, digest: string): Promise<Claim> {
    const [row] = await rows<Row & { expired: boolean }>(
      this.em,
      sql`with swept as (
          delete from idempotency_keys where ctid = any(array(
            select ctid from idempotency_keys where expires_at <= now() and not (${ownerSql(owner)})
            limit ${SWEEP_BATCH}))
        ), claimed as (
          insert into idempotency_keys (organization_id, api_user_id, key, request_digest, expires_at)
          values (${owner.organizationId}, ${owner.apiUserId}, ${owner.key}, ${digest}, ${this.expiry()})
          on conflict (organization_id, api_user_id, key) do nothing
          returning true as new, request_digest, status, headers, body, false as expired
        )
        select * from claimed
        union all
        select false, request_digest, status, headers, body, expires_at <= now() from idempotency_keys
        where ${ownerSql(owner)} and not exists (select 1 from claimed)`,
    );
    if (!row || row.new || row.expired) return { outcome: 'claimed' };
    if (row.request_digest !== digest) return { outcome: 'different-request' };
    if (row.status === null) return { outcome: 'claimed' };
    return { outcome: 'replay', response: { status: row.status, headers: row.headers ?? {}, body: row.body } };
  }

  /**
   * Locks the claimed key for the request's write, as the first statement of its transaction
   * `em`'s, and holds it until that transaction ends, however it ends: a process that dies ends
   * it. An expired key starts again as this request's. False when another request holds it, or
   * answered it since the claim (SKIP LOCKED: never a wait): this one must not run.
   */
  async lockForWrite(em: EntityManager, owner: KeyOwner, digest: string): Promise<boolean> {
    const { mine } = await oneRow<{ mine: boolean }>(
      em,
      sql`with locked as (
          select request_digest, status, expires_at <= now() as expired from idempotency_keys
          where ${ownerSql(owner)} for update skip locked
        ), renewed as (
          update idempotency_keys set request_digest = ${digest}, expires_at = ${this.expiry()},
            status = null, headers = null, body = null
          where ${ownerSql(owner)} and (select expired from locked)
          returning 1
        )
        select exists (select 1 from renewed)
          or exists (select 1 from locked where not expired and request_digest = ${digest} and status is null) as mine`,
    );
    return mine;
  }

  /** When a key claimed now expires. */
  private expiry(): Sql {
    return sql`now() + make_interval(hours => ${this.ttlHours}::int)`;
  }

  /**
   * Stores a write's response in the write's transaction, `em`'s, which holds the key locked
   * (lockForWrite): it commits exactly when the write does. No body can fail to store
   * (DECISIONS 152).
   */
  async storeWithWrite(em: EntityManager, owner: KeyOwner, digest: string, response: StoredResponse): Promise<void> {
    await affectedRows(em, this.store(owner, digest, response));
  }

  /** Stores a refusal, after its transaction rolled back, if no other request answered the key since. */
  async complete(owner: KeyOwner, digest: string, response: StoredResponse): Promise<void> {
    await affectedRows(this.em, this.store(owner, digest, response));
  }

  private store(owner: KeyOwner, digest: string, response: StoredResponse): Sql {
    const { status, headers, body } = storedColumns(response);
    return sql`update idempotency_keys set status = ${status}, headers = ${headers}::jsonb, body = ${body}
      where ${this.unanswered(owner, digest)}`;
  }

  /** The row of the key, claimed with this digest and not answered yet. */
  private unanswered(owner: KeyOwner, digest: string): Sql {
    return sql`${ownerSql(owner)} and request_digest = ${digest} and status is null`;
  }
}
