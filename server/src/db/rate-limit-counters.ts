// The `rate_limits` table (UNLOGGED, DECISIONS 101): fixed-window counters shared by every
// server process. Per identical Authorization value, only a request carrying a token of the
// request's organization is counted, decided in the counting statement itself, so a request
// without a valid token writes nothing per header value (DECISIONS 147). The same statement
// reads the directory version (DECISIONS 100): a request pays one round trip for its token's
// membership, both windows and the version. Failed authentications are counted per client
// address instead (DECISIONS 148). Keys are digests, never the token or the address itself.
// Every API request sends the count, so where statements are named it is prepared once per
// connection (DECISIONS 268, 414).
import type { EntityManager } from '@mikro-orm/postgresql';
import { affectedRows, rows, type Sql, sql } from '../sql/statements.js';

/** A window to count in: its key and when it would end if it started now (ms since the epoch). */
export interface Window {
  key: string;
  expire: number;
}

export interface CounterRow {
  key: string;
  points: number;
  /** When the window ends, in ms since the epoch. */
  expire: number;
}

export interface Counted {
  version: bigint;
  /** Each window's counter after this request; undefined when the token is not one of the organization's. */
  counters?: CounterRow[];
}

/** Counts one more request in a window; a counter past its expiry (`now`) starts again at 1. */
const countInWindow = (now: number) => sql`
    on conflict (key) do update set
      points = case when r.expire <= ${now}::bigint then 1 else r.points + 1 end,
      expire = case when r.expire <= ${now}::bigint then excluded.expire else r.expire end
    returning key, points, expire`;

/**
 * Both windows in one upsert (keys in one order, so concurrent requests lock them alike). The
 * insert selects nothing, and so writes nothing, unless an API user of the organization holds
 * the token.
 */
const countForMember = (
  [first, second]: [Window, Window],
  tokenDigest: Buffer,
  organizationId: number,
  now: number,
): Sql => sql`
  with counted as (
    insert into rate_limits as r (key, points, expire)
    select w.key, 1, w.expire
    from (values (${first.key}::text, ${first.expire}::bigint), (${second.key}::text, ${second.expire}::bigint)) as w (key, expire)
    where exists (select 1 from api_users where token_digest = ${tokenDigest} and organization_id = ${organizationId})
    ${countInWindow(now)}
  )
  select (select version from directory_version) as directory_version, c.key, c.points, c.expire
  from (select 1) as one left join counted as c on true`;

interface Row {
  directory_version: string;
  key: string | null;
  points: number | null;
  expire: string | null;
}

export class RateLimitCounters {
  /** `em`: the ORM's entity manager, outside any transaction (each count commits on its own). */
  constructor(private readonly em: EntityManager) {}

  /** Counts a request in both windows if `tokenDigest` is a token of the organization, and reads the directory version. */
  async count(windows: [Window, Window], tokenDigest: Buffer, organizationId: number, now: number): Promise<Counted> {
    const counted = await rows<Row>(this.em, countForMember(windows, tokenDigest, organizationId, now));
    const version = BigInt(counted[0]!.directory_version);
    if (counted[0]!.key === null) return { version };
    return {
      version,
      counters: counted.map((row) => ({ key: row.key!, points: row.points!, expire: Number(row.expire) })),
    };
  }

  /** Counts one request in a single window, whoever sends it: failed authentications per address. */
  async countAlways(window: Window, now: number): Promise<CounterRow> {
    const [row] = (await rows<{ key: string; points: number; expire: string }>(
      this.em,
      sql`insert into rate_limits as r (key, points, expire) values (${window.key}, 1, ${window.expire}::bigint) ${countInWindow(now)}`,
    )) as [{ key: string; points: number; expire: string }];
    return { key: row.key, points: row.points, expire: Number(row.expire) };
  }

  /** Deletes every counter whose window has ended; resolves with how many. */
  async sweep(now = Date.now()): Promise<number> {
    return affectedRows(this.em, sql`delete from rate_limits where expire <= ${now}::bigint`);
  }
}

/** How often each process sweeps ended windows: a counter outlives its window by at most this. */
export const SWEEP_EVERY_MS = 60_000;

/** Sweeps every SWEEP_EVERY_MS until stopped; a failed sweep is reported and the next one tries again. */
export function sweepPeriodically(counters: RateLimitCounters, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => counters.sweep().catch(onError), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
