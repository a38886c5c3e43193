// Reading the change feed (DECISIONS 173–177): a reader's events after a position, oldest first,
// never past the high-water mark, the snapshot's xmin. Every transaction below it has ended, so
// no event can still appear before a position handed out: writers that commit out of order
// leave no gap. Each page reads the organization-wide events and each of the reader's locations'
// in feed order, at most a page of each, so its cost follows the page, not the organization.
import type { EntityManager } from '@mikro-orm/postgresql';
import { BadInput, Expired } from '../domain/errors.js';
import { empty, raw, rows, type Sql, sql } from '../sql/statements.js';
import { comparePositions, type Position, START } from './cursor.js';
import { type StoredEvent, storedEventColumns } from './rows.js';
import type { EventType } from './types.js';

export interface FeedQuery {
  organizationId: number;
  /** The locations whose events the reader sees, besides the organization-wide ones. */
  locationIds: number[];
  /** undefined: from the oldest event kept. */
  after?: Position;
  /** undefined: every type. */
  types?: EventType[];
  limit: number;
}

export interface FeedPage {
  events: StoredEvent[];
  /** Whether more events were ready after these. */
  hasMore: boolean;
  /** The high-water mark: positions below it are settled. */
  settled: Position;
}

interface Row extends Omit<StoredEvent, 'occurredAt' | 'id'> {
  id: string | null;
  occurredAt: string;
  high: string;
  next: string;
  retained_txid: string | null;
  retained_id: string | null;
  deleted_before: string | null;
  retention_days: number | null;
}

/** Events of one index range after `after`: `where` picks the reader's rows, `e` is the table. */
const branch = (where: Sql, after: Position, types: Sql, limit: number) =>
  sql`select e.* from events e where ${where}
     and (e.txid, e.id) > (${after.txid}::xid8, ${after.id}::bigint) and e.txid < m.high ${types}
     order by e.txid, e.id limit ${limit}`;

/** The time of a timestamptz as PostgreSQL writes it, as the ORM reads it. */
const timeOf = (em: EntityManager, value: string) => em.getPlatform().parseDate(value) as Date;

/**
 * One page of a reader's feed after `query.after`. A position at or below what retention deleted
 * is Expired; one no transaction has reached yet cannot come from this server (BadInput).
 */
export async function readFeed(em: EntityManager, query: FeedQuery): Promise<FeedPage> {
  const types = query.types ? sql`and e.type = any(${query.types}::text[])` : empty;
  const after = query.after ?? START;
  const limit = query.limit + 1;
  const everyone = sql`e.organization_id = ${query.organizationId} and e.visibility = 'everyone'`;
  const located = sql`e.location_id = l.location_id and e.visibility = 'location'`;
  const found = await rows<Row>(
    em,
    sql`with mark as materialized (
        select pg_snapshot_xmin(s) as high, pg_snapshot_xmax(s) as next from pg_current_snapshot() as s)
      select m.high::text as high, m.next::text as next, r.txid::text as retained_txid, r.id::text as retained_id,
        r.deleted_before, r.retention_days, ${raw(storedEventColumns)}
      from mark m
      left join event_retention r on r.organization_id = ${query.organizationId}
      left join lateral (
        select * from (
          (${branch(everyone, after, types, limit)})
          union all
          (select x.* from unnest(${query.locationIds}::int[]) as l(location_id) cross join lateral (
            ${branch(located, after, types, limit)}) x)
        ) u order by u.txid, u.id limit ${limit}
      ) e on true
      order by e.txid, e.id`,
  );
  const [first] = found as [Row];
  if (BigInt(after.txid) > BigInt(first.next)) {
    throw new BadInput('after names a position this feed has not reached; use a cursor it gave you');
  }
  if (query.after && first.retained_txid !== null && first.deleted_before !== null) {
    const retained = { txid: first.retained_txid, id: first.retained_id! };
    if (comparePositions(query.after, retained) <= 0) {
      const before = timeOf(em, first.deleted_before)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
      throw new Expired(
        `cursor expired: events before ${before} were deleted after ${first.retention_days} days; start again without after`,
      );
    }
  }
  const events = found
    .filter((row): row is Row & { id: string } => row.id !== null)
    .map(({ high, next, retained_txid, retained_id, deleted_before, retention_days, occurredAt, ...event }) => ({
      ...event,
      occurredAt: timeOf(em, occurredAt),
    }));
  return {
    events: events.slice(0, query.limit),
    hasMore: events.length > query.limit,
    settled: { txid: first.high, id: '0' },
  };
}

/** The feed's current end: where `start=latest` begins. */
export async function feedEnd(em: EntityManager): Promise<Position> {
  const [row] = await rows<{ high: string }>(em, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as high`);
  return { txid: row!.high, id: '0' };
}

/** One event of the organization by id, whoever may see it; undefined when there is none. */
export async function readEvent(
  em: EntityManager,
  organizationId: number,
  id: string,
): Promise<StoredEvent | undefined> {
  if (BigInt(id) > 2n ** 63n - 1n) return undefined;
  const [row] = await rows<Omit<StoredEvent, 'occurredAt'> & { occurredAt: string }>(
    em,
    sql`select ${raw(storedEventColumns)} from events e where e.organization_id = ${organizationId} and e.id = ${id}::bigint`,
  );
  return row && { ...row, occurredAt: timeOf(em, row.occurredAt) };
}
