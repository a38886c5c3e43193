// The `rate_limits` table (UNLOGGED, DECISIONS 101): fixed-window counters shared by every
// server process. Per identical Authorization value, only a request carrying a token of the
// request's organization is counted, decided in the counting statement itself, so a request
// without a valid token writes nothing per header value (DECISIONS 147). The same statement
// reads the directory version (DECISIONS 100): a request pays one round trip for its token's
// membership, both windows and the version. Failed authentications are counted per client
// address instead (DECISIONS 148). Keys are digests, never the token or the address itself.
// Every API request sends the count, so it is a prepared statement sent straight to a pooled
// connection (DECISIONS 268, 414).
import type { Knex } from '@mikro-orm/postgresql';
import { preparedOn } from '../domain/prepared-statements.js';

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

/** Counts one more request in a window; a counter past its expiry (the parameter: now) starts again at 1. */
const countInWindow = `
    on conflict (key) do update set
      points = case when r.expire <= ? then 1 else r.points + 1 end,
      expire = case when r.expire <= ? then excluded.expire else r.expire end
    returning key, points, expire`;

/**
 * Both windows in one upsert (keys in one order, so concurrent requests lock them alike). The
 * insert selects nothing, and so writes nothing, unless an API user of the organization holds
 * the token.
 */
const countForMember = `
  with counted as (
    insert into rate_limits as r (key, points, expire)
    select w.key, 1, w.expire from (values (?, ?::bigint), (?, ?::bigint)) as w (key, expire)
    where exists (select 1 from api_users where token_digest = ? and organization_id = ?)
    ${countInWindow}
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
  constructor(private readonly knex: Knex) {}

  /** Counts a request in both windows if `tokenDigest` is a token of the organization, and reads the directory version. */
  async count(windows: [Window, Window], tokenDigest: Buffer, organizationId: number, now: number): Promise<Counted> {
    const rows = await preparedOn<Row>(this.knex, this.knex.client as Knex.Client, {
      text: countForMember,
      values: [...windows.flatMap((window) => [window.key, window.expire]), tokenDigest, organizationId, now, now],
    });
    const version = BigInt(rows[0]!.directory_version);
    if (rows[0]!.key === null) return { version };
    return {
      version,
      counters: rows.map((row) => ({ key: row.key!, points: row.points!, expire: Number(row.expire) })),
    };
  }

  /** Counts one request in a single window, whoever sends it: failed authentications per address. */
  async countAlways(window: Window, now: number): Promise<CounterRow> {
    const { rows } = await this.knex.raw<{ rows: { key: string; points: number; expire: string }[] }>(
      `insert into rate_limits as r (key, points, expire) values (?, 1, ?) ${countInWindow}`,
      [window.key, window.expire, now, now],
    );
    const row = rows[0]!;
    return { key: row.key, points: row.points, expire: Number(row.expire) };
  }

  /** Deletes every counter whose window has ended; resolves with how many. */
  async sweep(now = Date.now()): Promise<number> {
    return this.knex('rate_limits').where('expire', '<=', now).delete();
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
