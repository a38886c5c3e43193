// The delivery queue (DECISIONS 246–248, 330): fanning events out to deliveries, claiming due ones
// under a lease with organizations and endpoints taking turns, and recording each attempt's
// outcome. Every step is a statement or a short transaction on PostgreSQL, so any number of
// processes share the work and a killed one loses nothing but its leases, which expire.
import type { EntityManager } from '@mikro-orm/postgresql';
import { affectedRows, oneRow, raw, rows, sql } from '../sql/statements.js';
import type { AttemptError } from './deliveries.js';
import { SUBSCRIBED } from './subscribed.js';

/** Events one dispatch reads for an organization at most. */
const DISPATCH_BATCH = 1_000;

/**
 * Fans the organization's settled events after its cursor out to deliveries, and moves the
 * cursor, in one statement; answers how many events it read (0 when another process holds the
 * organization's cursor).
 */
async function dispatchOrganization(em: EntityManager, organizationId: number): Promise<number> {
  const { events } = await oneRow<{ events: string }>(
    em,
    sql`with cursor as (select txid, id from webhook_dispatch where organization_id = ${organizationId} for update skip locked),
      batch as materialized (
        select e.id, e.txid, e.type, e.visibility, e.location_id from events e, cursor c
        where e.organization_id = ${organizationId} and (e.txid, e.id) > (c.txid, c.id)
          and e.txid < pg_snapshot_xmin(pg_current_snapshot())
        order by e.txid, e.id limit ${DISPATCH_BATCH}),
      queued as (
        insert into webhook_deliveries (organization_id, endpoint_id, event_id, event_type, reason, next_attempt_at)
        select ${organizationId}::int, w.id, e.id, e.type, 'event', now() from batch e
          join webhook_endpoints w on w.organization_id = ${organizationId} and w.enabled and e.txid >= w.start_txid
            and ${raw(SUBSCRIBED)}
        order by e.txid, e.id, w.id),
      moved as (
        update webhook_dispatch d set txid = last.txid, id = last.id
        from (select txid, id from batch order by txid desc, id desc limit 1) last
        where d.organization_id = ${organizationId})
    select count(*) as events from batch`,
  );
  return Number(events);
}

/** Dispatches every organization with endpoints; answers whether any read a full batch (more waits). */
export async function dispatchAll(em: EntityManager): Promise<boolean> {
  const organizations = await rows<{ organization_id: number }>(em, sql`select organization_id from webhook_dispatch`);
  let more = false;
  for (const { organization_id } of organizations) {
    if ((await dispatchOrganization(em, organization_id)) >= DISPATCH_BATCH) more = true;
  }
  return more;
}

export interface ClaimedDelivery {
  id: string;
  organizationId: number;
  endpointId: number;
  url: string;
  /** The endpoint's covered locations; null for all. */
  locationIds: number[] | null;
  /** The stored secret, and the one it replaced while that still signs (DECISIONS 244). */
  secret: string;
  previousSecret: string | null;
  eventId: string;
  /** This attempt's number, from 1. */
  attempt: number;
  lease: string;
}

/** What one process already sends to an endpoint of an organization. */
export interface InFlight {
  organizationId: number;
  endpointId: number;
  count: number;
}

/** How many deliveries one process sends at once to one organization, and to one of its endpoints. */
export interface Shares {
  organization: number;
  endpoint: number;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints for `leaseMs` (DECISIONS 247), taking
 * turns (DECISIONS 330): organizations by how many deliveries each would then have in flight in
 * this process, and within one its endpoints alike, oldest first among equals, never past the
 * shares. Each endpoint with pending deliveries is found by a skip scan of the pending index and
 * read only for its oldest due ones, so one organization's backlog costs the claim a few rows,
 * not a scan of the backlog. A delivery in `sending` (this process's sends under way) is never
 * claimed, even with its lease ended (DECISIONS 421).
 */
export async function claimDue(
  em: EntityManager,
  limit: number,
  leaseMs: number,
  shares: Shares,
  inFlight: InFlight[],
  sending: string[],
): Promise<ClaimedDelivery[]> {
  return rows<ClaimedDelivery>(
    em,
    sql`with recursive queued (endpoint_id) as (
        (select endpoint_id from webhook_deliveries where status = 'pending' order by endpoint_id limit 1)
        union all
        select (select p.endpoint_id from webhook_deliveries p
            where p.status = 'pending' and p.endpoint_id > q.endpoint_id order by p.endpoint_id limit 1)
          from queued q where q.endpoint_id is not null),
      busy as (select * from json_to_recordset(${JSON.stringify(inFlight)}::json)
        as b("organizationId" int, "endpointId" int, count int)),
      candidates as (
        select c.id, c.next_attempt_at, w.organization_id,
          coalesce(b.count, 0) + row_number() over (partition by w.id order by c.next_attempt_at, c.id) as endpoint_turn
        from queued q
        join webhook_endpoints w on w.id = q.endpoint_id and w.enabled
        left join busy b on b."endpointId" = w.id
        cross join lateral (
          select due.id, due.next_attempt_at from webhook_deliveries due
          where due.endpoint_id = w.id and due.status = 'pending' and due.next_attempt_at <= now()
            and (due.locked_until is null or due.locked_until < now())
            and due.id <> all(${sending}::bigint[])
          order by due.next_attempt_at, due.id limit ${shares.endpoint}) c),
      turns as (
        select c.id, c.next_attempt_at, c.endpoint_turn,
          coalesce((select sum(b.count) from busy b where b."organizationId" = c.organization_id), 0)
            + row_number() over (partition by c.organization_id order by c.endpoint_turn, c.next_attempt_at, c.id)
            as organization_turn
        from candidates c where c.endpoint_turn <= ${shares.endpoint}),
      chosen as (
        select id from turns where organization_turn <= ${shares.organization}
        order by organization_turn, endpoint_turn, next_attempt_at, id limit ${limit})
    update webhook_deliveries d set locked_until = now() + make_interval(secs => ${leaseMs}::float8 / 1000),
        lease = gen_random_uuid(), attempt_count = d.attempt_count + 1
      from webhook_endpoints w
      where w.id = d.endpoint_id and d.id in (
        select due.id from webhook_deliveries due
        where due.id in (select id from chosen) and due.status = 'pending'
          and (due.locked_until is null or due.locked_until < now())
        for update of due skip locked)
      returning d.id::text as id, d.organization_id as "organizationId", d.endpoint_id as "endpointId", w.url,
        w.location_ids as "locationIds", w.secret,
        case when w.previous_secret_expires_at > now() then w.previous_secret end as "previousSecret",
        d.event_id::text as "eventId", d.attempt_count as attempt, d.lease::text as lease`,
  );
}

export interface AttemptOutcome {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  /** The category of a failure without an answer (DECISIONS 336). */
  error: AttemptError | null;
  /** The failure's own text, for the operator's log only: it names addresses and ports. */
  detail?: string;
  /** pending with the time of the next attempt, or final. */
  next: { status: 'pending'; at: Date } | { status: 'delivered' | 'failed' };
  /** Set when the endpoint is to be disabled, with the reason. */
  disable?: string;
  /** Whether the attempt counts as a success for the endpoint's failing streak. */
  succeeded: boolean;
}

/**
 * Records an attempt and the delivery's next state, in one statement and only if the lease is
 * still this process's (a lease that expired and was claimed again belongs to another); updates
 * the endpoint's failing streak, disabling it after `disableAfterDays` days of failures without
 * a success, or at once with `outcome.disable`.
 */
export async function recordAttempt(
  em: EntityManager,
  claimed: ClaimedDelivery,
  outcome: AttemptOutcome,
  disableAfterDays: number,
): Promise<void> {
  const nextAttemptAt = outcome.next.status === 'pending' ? outcome.next.at : null;
  await affectedRows(
    em,
    sql`with mine as (
        update webhook_deliveries set status = ${outcome.next.status}, next_attempt_at = ${nextAttemptAt}::timestamptz,
          locked_until = null, lease = null
        where organization_id = ${claimed.organizationId} and id = ${claimed.id}::bigint and lease = ${claimed.lease}::uuid
        returning id, endpoint_id, organization_id),
      attempt as (
        insert into webhook_attempts (organization_id, delivery_id, attempted_at, status_code, error, duration_ms)
        select organization_id, id, ${outcome.startedAt}::timestamptz, ${outcome.statusCode}::int, ${outcome.error}::text,
          ${outcome.durationMs}::int from mine),
      verdict as (
        select ${outcome.succeeded}::boolean as succeeded, coalesce(${outcome.disable ?? null}::text,
          case when not ${outcome.succeeded}::boolean
            and w.failing_since < now() - make_interval(days => ${disableAfterDays}::int)
          then 'deliveries failed without a success for ' || ${disableAfterDays}::int || ' days' end) as reason
        from webhook_endpoints w join mine on mine.organization_id = w.organization_id and mine.endpoint_id = w.id)
    update webhook_endpoints w set
        failing_since = case when v.succeeded then null else coalesce(w.failing_since, now()) end,
        enabled = v.reason is null,
        disabled_reason = v.reason
      from verdict v, mine
      where w.organization_id = mine.organization_id and w.id = mine.endpoint_id and w.enabled`,
  );
}

/**
 * Gives a claimed delivery back unsent (DECISIONS 421, 422), if its lease is still this
 * process's: due again at once, in its place in line, the claim not counted as an attempt; no
 * attempt is recorded and the endpoint's failing streak is left alone, since the receiver had
 * no say in it.
 */
export async function handBack(em: EntityManager, claimed: ClaimedDelivery): Promise<void> {
  await affectedRows(
    em,
    sql`update webhook_deliveries set locked_until = null, lease = null, attempt_count = attempt_count - 1
      where organization_id = ${claimed.organizationId} and id = ${claimed.id}::bigint and lease = ${claimed.lease}::uuid`,
  );
}

const SWEEP_BATCH = 5_000;

/**
 * Deletes every organization's deliveries created before the events' retention, whatever their
 * status (a pending one's event is as old, so gone too), with their attempts (DECISIONS 249);
 * answers how many. In batches, each its own short transaction, as the events' sweep: after a
 * long outage one DELETE of everything would hold a transaction id for as long as it ran, and
 * the feed and the dispatch serve nothing above the oldest open one.
 */
export async function sweepOldDeliveries(
  em: EntityManager,
  retentionDays: number,
  batch = SWEEP_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { count } = await oneRow<{ count: string }>(
      em,
      sql`with gone as (
          delete from webhook_deliveries where id in (
            select id from webhook_deliveries
            where created_at < now() - make_interval(days => ${retentionDays}::int) order by created_at limit ${batch})
          returning 1)
        select count(*) from gone`,
    );
    total += Number(count);
    if (Number(count) < batch) return total;
  }
}
