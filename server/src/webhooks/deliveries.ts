// An endpoint's deliveries as the API shows and makes them (DECISIONS 249–251): the list with
// attempts, a redelivery of one event, and the recovery of a time window.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import { Invalid, NotFound } from '../domain/errors.js';
import { countedMatchesSql, type PageRequest, pageWithTotal } from '../domain/pagination.js';
import { timeReader } from '../domain/sql.js';
import { empty, oneRow, raw, rows, sql } from '../sql/statements.js';
import type { WebhookEndpointRow } from './endpoints.js';
import { SUBSCRIBED } from './subscribed.js';

/** The most events one recovery queues (DECISIONS 251). */
const MAX_RECOVERED = 10_000;

type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** Why an attempt failed without an answer: a category, never the socket's text (DECISIONS 336). */
export type AttemptError = NonNullable<components['schemas']['WebhookAttempt']['error']>;

interface AttemptRow {
  attemptedAt: Date;
  statusCode: number | null;
  error: AttemptError | null;
  durationMs: number;
}

export interface DeliveryRow {
  /** The id the API shows (DECISIONS 440); the row's own stays in the queue. */
  publicId: number;
  eventId: string;
  eventType: string;
  status: DeliveryStatus;
  reason: 'event' | 'redeliver' | 'recover';
  nextAttemptAt: Date | null;
  createdAt: Date;
  attempts: AttemptRow[];
}

const columns = `d.public_id as "publicId", d.event_id::text as "eventId", d.event_type as "eventType", d.status, d.reason,
  case when d.status = 'pending' then d.next_attempt_at end as "nextAttemptAt", d.created_at as "createdAt",
  coalesce((select json_agg(json_build_object('attemptedAt', a.attempted_at, 'statusCode', a.status_code,
      'error', a.error, 'durationMs', a.duration_ms) order by a.id)
    from webhook_attempts a where a.organization_id = d.organization_id and a.delivery_id = d.id), '[]') as attempts`;

type Raw = Omit<DeliveryRow, 'nextAttemptAt' | 'createdAt' | 'attempts'> & {
  nextAttemptAt: string | null;
  createdAt: string;
  attempts: (Omit<AttemptRow, 'attemptedAt'> & { attemptedAt: string })[];
};

const fromRaw = (em: EntityManager, raw: Raw): DeliveryRow => {
  const timeOf = timeReader(em);
  return {
    ...raw,
    nextAttemptAt: raw.nextAttemptAt === null ? null : timeOf(raw.nextAttemptAt),
    createdAt: timeOf(raw.createdAt),
    attempts: raw.attempts.map((attempt) => ({ ...attempt, attemptedAt: timeOf(attempt.attemptedAt) })),
  };
};

/** One page of the endpoint's deliveries, newest first (by shown id), with how many match as its column (DECISIONS 260). */
export async function listDeliveries(
  em: EntityManager,
  endpoint: WebhookEndpointRow,
  status: DeliveryStatus | undefined,
  page: PageRequest,
): Promise<{ deliveries: DeliveryRow[]; total: number }> {
  const where = sql`d.organization_id = ${endpoint.organizationId} and d.endpoint_id = ${endpoint.id}${
    status ? sql` and d.status = ${status}` : empty
  }`;
  const total = countedMatchesSql({ table: 'webhook_deliveries', alias: 'd', where });
  const listed = sql`select ${raw(columns)}, (${total}) as total from webhook_deliveries d where ${where}
    order by d.public_id desc limit ${page.perPage} offset ${page.offset}`;
  const { rows: deliveries, total: count } = await pageWithTotal<Raw & { total?: string }, DeliveryRow>(
    em,
    listed,
    total,
    page.offset,
    (raws) => raws.map(({ total: _total, ...raw }) => fromRaw(em, raw)),
  );
  return { deliveries, total: count };
}

/** The endpoint's delivery whose shown id is `id`; NotFound when it has none such. */
async function findDelivery(em: EntityManager, endpoint: WebhookEndpointRow, id: number): Promise<DeliveryRow> {
  const [found] = await rows<Raw>(
    em,
    sql`select ${raw(columns)} from webhook_deliveries d
      where d.organization_id = ${endpoint.organizationId} and d.endpoint_id = ${endpoint.id} and d.public_id = ${id}`,
  );
  if (!found) throw new NotFound(`delivery ${id} of webhook endpoint ${endpoint.publicId} not found`);
  return fromRaw(em, found);
}

const requireEnabled = (endpoint: WebhookEndpointRow) => {
  if (!endpoint.enabled) throw Invalid.field('base', 'the webhook endpoint is disabled; enable it first');
};

/** A new delivery of the same event, due now (DECISIONS 250). */
export async function redeliver(
  em: EntityManager,
  endpoint: WebhookEndpointRow,
  deliveryId: number,
): Promise<DeliveryRow> {
  const old = await findDelivery(em, endpoint, deliveryId);
  requireEnabled(endpoint);
  const [created] = await rows<{ publicId: number }>(
    em,
    sql`insert into webhook_deliveries (organization_id, endpoint_id, event_id, event_type, reason, next_attempt_at)
      select e.organization_id, ${endpoint.id}, e.id, e.type, 'redeliver', now() from events e
      where e.organization_id = ${endpoint.organizationId} and e.id = ${old.eventId}::bigint
      returning public_id as "publicId"`,
  );
  if (!created) {
    throw Invalid.field('base', 'its event has expired (DECISIONS 177); it cannot be sent again');
  }
  return findDelivery(em, endpoint, created.publicId);
}

/** Any fixed number: with an endpoint's id, it names the lock that keeps its recoveries apart. */
const RECOVERY_LOCK = 7_243_019;

/**
 * A delivery of every event of `[since, until)` the endpoint receives, in feed order (DECISIONS
 * 251), but for those it has pending already; one recovery of an endpoint is pending at a time
 * (Invalid while one is, DECISIONS 331). Answers how many it queued.
 */
export async function recover(
  em: EntityManager,
  endpoint: WebhookEndpointRow,
  since: Date,
  until: Date,
): Promise<number> {
  requireEnabled(endpoint);
  if (since >= until) throw Invalid.field('until', 'must be after since');
  // Two recoveries of one endpoint at once would each see none pending.
  await rows(em, sql`select pg_advisory_xact_lock(${RECOVERY_LOCK}, ${endpoint.id})`);
  const { pending } = await oneRow<{ pending: string }>(
    em,
    sql`select count(*) as pending from webhook_deliveries
      where endpoint_id = ${endpoint.id} and status = 'pending' and reason = 'recover'`,
  );
  if (Number(pending) > 0) {
    throw Invalid.field(
      'base',
      `a recovery of this endpoint is still being delivered (${pending} pending); recover again once it is done`,
    );
  }
  const window = sql`from events e join webhook_endpoints w on w.organization_id = e.organization_id and w.id = ${endpoint.id}
    where e.organization_id = ${endpoint.organizationId} and e.occurred_at >= ${since} and e.occurred_at < ${until}
      and ${raw(SUBSCRIBED)}`;
  const { count } = await oneRow<{ count: string }>(em, sql`select count(*) ${window}`);
  if (Number(count) > MAX_RECOVERED) {
    throw Invalid.field('since', `the window holds ${count} events, more than ${MAX_RECOVERED}; narrow it`);
  }
  const { queued } = await oneRow<{ queued: string }>(
    em,
    sql`with queued as (
        insert into webhook_deliveries (organization_id, endpoint_id, event_id, event_type, reason, next_attempt_at)
        select e.organization_id, w.id, e.id, e.type, 'recover', now() ${window}
          and not exists (select 1 from webhook_deliveries p
            where p.endpoint_id = w.id and p.status = 'pending' and p.event_id = e.id)
        order by e.txid, e.id
        returning 1)
    select count(*) as queued from queued`,
  );
  return Number(queued);
}
