// One attempt of one delivery (DECISIONS 248): the event as the feed shows it to the endpoint's
// locations, signed with every valid secret, sent, and its outcome recorded with the next
// attempt's time on the schedule (or after the receiver's Retry-After). A send that would not
// end within its claim's lease, or that the server stops, is handed back instead (DECISIONS 421,
// 422).
import type { EntityManager } from '@mikro-orm/postgresql';
import { signWebhook } from '@warehouse-kit/spec/webhook-signature';
import { locationsOf, organizationById } from '../db/directory-rows.js';
import type { Location } from '../entities/location.js';
import type { Organization } from '../entities/organization.js';
import { envelopeFor } from '../events/envelope.js';
import { readEvent } from '../events/feed.js';
import { eventCodec } from '../events/opaque.js';
import type { AttemptError } from './deliveries.js';
import { sendFits } from './lease.js';
import { type AttemptOutcome, type ClaimedDelivery, handBack, recordAttempt } from './queue.js';
import { MAX_ATTEMPTS, retryAfterWait, scheduledWait } from './schedule.js';
import { signingSecrets } from './secrets.js';
import { type SendResult, send } from './send.js';
import type { WebhookSettings } from './settings.js';

export interface DeliverySettings extends WebhookSettings {
  timeoutMs: number;
  retryScale: number;
  disableAfterDays: number;
}

/** What a send of a claimed delivery runs within. */
export interface Claim {
  /** When the claim's lease ends, on performance.now()'s clock (lease.ts). */
  leaseEndsAt: number;
  /** Aborted when the server stops: the send ends at once and the delivery is handed back. */
  stopping: AbortSignal;
}

/** A delivery given back unsent: the server stopped, or its lease had too little left for a send. */
export interface HandedBack {
  handedBack: 'interrupted' | 'lease_spent';
}

/** An organization and its locations, as an envelope needs them. */
export interface Tenant {
  organization: Organization;
  locations: Location[];
}

/** Reads each organization once for a round of deliveries. */
export function tenantsOf(em: EntityManager): (organizationId: number) => Promise<Tenant> {
  const read = new Map<number, Promise<Tenant>>();
  return (organizationId) => {
    let tenant = read.get(organizationId);
    if (!tenant) {
      tenant = Promise.all([organizationById(em, organizationId), locationsOf(em, organizationId)]).then(
        ([organization, locations]) => {
          if (!organization) throw new Error(`organization ${organizationId} not found`);
          return { organization, locations };
        },
      );
      read.set(organizationId, tenant);
    }
    return tenant;
  };
}

type Prepared = { body: string; headers: Record<string, string> } | { error: AttemptError; final: boolean };

/** The signed body and headers of the delivery's event, or why there is none. */
async function prepare(
  em: EntityManager,
  claimed: ClaimedDelivery,
  tenant: Tenant,
  settings: DeliverySettings,
  timestamp: number,
): Promise<Prepared> {
  const [event, codec] = await Promise.all([readEvent(em, claimed.organizationId, claimed.eventId), eventCodec(em)]);
  if (!event) return { error: 'event_expired', final: true };
  let secrets: string[];
  try {
    secrets = signingSecrets(settings.keys, claimed.endpointId, claimed.secret, claimed.previousSecret);
  } catch {
    return { error: 'secret_unreadable', final: false };
  }
  const byId = new Map(tenant.locations.map((location) => [location.id, location]));
  const covered = tenant.locations
    .map((location) => location.id)
    .filter((id) => claimed.locationIds === null || claimed.locationIds.includes(id));
  const envelope = envelopeFor(
    { organization: tenant.organization, codec, locationById: (id) => byId.get(id)!, locationIds: new Set(covered) },
    event,
  );
  const body = JSON.stringify(envelope);
  return {
    body,
    headers: signWebhook({ id: envelope.id, body, secret: secrets, timestamp: new Date(timestamp * 1000) }),
  };
}

/** What follows an answer (or its absence): delivered, disabled by 410, or retried. */
function outcomeOf(
  result: Exclude<SendResult, { interrupted: true }> | { error: AttemptError },
  claimed: ClaimedDelivery,
  settings: DeliverySettings,
  startedAt: Date,
  final = false,
): AttemptOutcome {
  const durationMs = Date.now() - startedAt.getTime();
  const statusCode = 'statusCode' in result ? result.statusCode : null;
  const error = 'error' in result ? result.error : null;
  const detail = 'detail' in result ? result.detail : undefined;
  const base = { startedAt, durationMs, statusCode, error, ...(detail ? { detail } : {}) };
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
    return { ...base, next: { status: 'delivered' }, succeeded: true };
  }
  if (statusCode === 410) {
    return {
      ...base,
      next: { status: 'failed' },
      succeeded: false,
      disable: `the endpoint answered 410 Gone at ${startedAt.toISOString()}`,
    };
  }
  const retryAfter =
    (statusCode === 429 || statusCode === 503) && 'retryAfter' in result
      ? retryAfterWait(result.retryAfter)
      : undefined;
  const wait = final ? undefined : (retryAfter ?? scheduledWait(claimed.attempt, settings.retryScale));
  if (wait === undefined || claimed.attempt >= MAX_ATTEMPTS)
    return { ...base, next: { status: 'failed' }, succeeded: false };
  return { ...base, next: { status: 'pending', at: new Date(Date.now() + wait) }, succeeded: false };
}

async function handedBack(
  em: EntityManager,
  claimed: ClaimedDelivery,
  reason: HandedBack['handedBack'],
): Promise<HandedBack> {
  await handBack(em, claimed);
  return { handedBack: reason };
}

/** Makes the attempt and records it, answering its outcome; or hands the delivery back unsent. */
export async function deliver(
  em: EntityManager,
  claimed: ClaimedDelivery,
  tenant: Tenant,
  settings: DeliverySettings,
  claim: Claim,
): Promise<AttemptOutcome | HandedBack> {
  const startedAt = new Date();
  const prepared = await prepare(em, claimed, tenant, settings, Math.floor(startedAt.getTime() / 1000));
  let outcome: AttemptOutcome;
  if ('error' in prepared) outcome = outcomeOf(prepared, claimed, settings, startedAt, prepared.final);
  else {
    // Preparing took so long (a slow database) that the send could outlast the lease.
    if (!sendFits(claim.leaseEndsAt, settings.timeoutMs)) return handedBack(em, claimed, 'lease_spent');
    const result = await send(claimed.url, prepared.body, {
      headers: prepared.headers,
      timeoutMs: settings.timeoutMs,
      allowPrivate: settings.allowPrivate,
      signal: claim.stopping,
    });
    if ('interrupted' in result) return handedBack(em, claimed, 'interrupted');
    outcome = outcomeOf(result, claimed, settings, startedAt);
  }
  await recordAttempt(em, claimed, outcome, settings.disableAfterDays);
  return outcome;
}
