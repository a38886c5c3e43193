// How the contract signs a webhook delivery (DECISIONS 178, 220, 244): Standard Webhooks
// (standardwebhooks.com), `v1,` HMAC-SHA256 of `id.timestamp.body` under a `whsec_` secret of 32
// random bytes. One implementation, on node:crypto alone, for the server that signs and the
// SDK that verifies (and signs, for whctl listen), so both sides mean the same thing.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { components } from './openapi-types.js';

/** An event of the feed or of a webhook delivery: a union by `type`. */
type Event = components['schemas']['Event'];

/** The three headers of a signed delivery. */
export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** Headers as a receiver has them: a fetch `Headers`, or node:http's `req.headers` (any case). */
export type IncomingHeaders = Headers | WebhookHeaders | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** Seconds a `webhook-timestamp` may be from the clock, either way. Default 300 (five minutes). */
  tolerance?: number;
  /** The clock, e.g. in tests. Default `Date.now()`. */
  now?: Date | number;
}

export interface SignWebhookInit {
  /** The `webhook-id`: the event's `id`. */
  id: string;
  /** The raw body exactly as it is sent. */
  body: string | Uint8Array;
  /** One secret, or several to sign with each (as during a rotation). */
  secret: string | readonly string[];
  /** When the attempt is signed. Default now. */
  timestamp?: Date;
}

/** A delivery that must not be trusted: the base of every verification failure. */
export class WebhookVerificationError extends Error {
  override name = 'WebhookVerificationError';
}
/** A `webhook-*` header missing, repeated or not of its form. */
export class WebhookHeaderError extends WebhookVerificationError {
  override name = 'WebhookHeaderError';
}
/** `webhook-timestamp` further from the clock than the tolerance: a replay, or a clock far off. */
export class WebhookTimestampError extends WebhookVerificationError {
  override name = 'WebhookTimestampError';
  constructor(
    message: string,
    /** The delivery's timestamp. */
    readonly timestamp: Date,
  ) {
    super(message);
  }
}
/** No `v1` signature matches any of the secrets: a wrong secret, or a body changed on the way. */
export class WebhookSignatureError extends WebhookVerificationError {
  override name = 'WebhookSignatureError';
}
/** The signature verified but the body is not an event. */
export class WebhookPayloadError extends WebhookVerificationError {
  override name = 'WebhookPayloadError';
}

const PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const isBase64 = (text: string) => BASE64.test(text) && text.length % 4 === 0;
const ID = /^[A-Za-z0-9_.:-]{1,256}$/;
const TIMESTAMP = /^[0-9]{1,12}$/;
// A rotation signs with two secrets; a few more leave room, and the bound keeps a hostile
// header from costing many comparisons.
const MAX_SIGNATURES = 10;
const MAX_SIGNATURE_HEADER = 1000;

/** The random bytes of a secret: a key as long as HMAC-SHA256's output, within the 24 to 64 the standard allows (DECISIONS 480). */
export const WEBHOOK_SECRET_BYTES = 32;

/** A fresh secret in the Standard Webhooks form, `whsec_` and 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
}

function keyOf(secret: string): Buffer {
  const encoded = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  if (!isBase64(encoded))
    throw new TypeError('a webhook secret is whsec_ followed by base64, as shown when the endpoint was created');
  return Buffer.from(encoded, 'base64');
}

function keysOf(secretOrSecrets: string | readonly string[]): Buffer[] {
  const secrets = typeof secretOrSecrets === 'string' ? [secretOrSecrets] : [...secretOrSecrets];
  if (!secrets.length) throw new TypeError('no webhook secret given');
  return secrets.map(keyOf);
}

function hmac(key: Buffer, id: string, timestamp: string, body: string | Uint8Array): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
}

/** The headers that sign `body` as a Standard Webhooks delivery, with one `v1` signature per secret. */
export function signWebhook({ id, body, secret, timestamp = new Date() }: SignWebhookInit): WebhookHeaders {
  if (!ID.test(id)) throw new TypeError(`webhook id ${JSON.stringify(id)} is not 1 to 256 letters, digits or _.:-`);
  const seconds = String(Math.floor(timestamp.getTime() / 1000));
  const signatures = keysOf(secret).map((key) => `v1,${hmac(key, id, seconds, body).toString('base64')}`);
  return { 'webhook-id': id, 'webhook-timestamp': seconds, 'webhook-signature': signatures.join(' ') };
}

function header(headers: IncomingHeaders, name: keyof WebhookHeaders): string {
  let value: string | string[] | null | undefined;
  if (headers instanceof Headers) value = headers.get(name);
  else {
    const record = headers as Record<string, string | string[] | undefined>;
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  if (value === undefined || value === null || value === '') throw new WebhookHeaderError(`missing ${name} header`);
  if (Array.isArray(value)) throw new WebhookHeaderError(`more than one ${name} header`);
  return value;
}

/** The decoded `v1` signatures of the header; other versions are skipped, as the standard asks. */
function signaturesOf(value: string): Buffer[] {
  if (value.length > MAX_SIGNATURE_HEADER)
    throw new WebhookHeaderError(`webhook-signature is longer than ${MAX_SIGNATURE_HEADER} characters`);
  const entries = value.split(' ').filter(Boolean);
  if (entries.length > MAX_SIGNATURES) throw new WebhookHeaderError(`more than ${MAX_SIGNATURES} webhook signatures`);
  const v1 = entries.flatMap((entry) => {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1') return [];
    if (!signature || !isBase64(signature)) throw new WebhookHeaderError(`malformed webhook signature "${entry}"`);
    return [Buffer.from(signature, 'base64')];
  });
  if (!v1.length) throw new WebhookHeaderError('webhook-signature has no v1 signature');
  return v1;
}

function checkTimestamp(value: string, { tolerance = 300, now = Date.now() }: VerifyWebhookOptions): void {
  if (!TIMESTAMP.test(value)) throw new WebhookHeaderError('webhook-timestamp is not whole seconds since the epoch');
  const sent = Number(value);
  const clock = Math.floor(Number(now) / 1000);
  const when = new Date(sent * 1000);
  if (sent < clock - tolerance)
    throw new WebhookTimestampError(`webhook-timestamp ${when.toISOString()} is more than ${tolerance} s old`, when);
  if (sent > clock + tolerance)
    throw new WebhookTimestampError(
      `webhook-timestamp ${when.toISOString()} is more than ${tolerance} s in the future`,
      when,
    );
}

function eventOf(body: string | Uint8Array): Event {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  } catch {
    throw new WebhookPayloadError('the delivery body is not JSON');
  }
  const { id, type } = (parsed ?? {}) as { id?: unknown; type?: unknown };
  if (typeof parsed !== 'object' || Array.isArray(parsed) || typeof id !== 'string' || typeof type !== 'string')
    throw new WebhookPayloadError('the delivery body is not an event: no string id and type');
  return parsed as Event;
}

/**
 * Checks a Standard Webhooks delivery and returns its event: the headers are present and well
 * formed, the timestamp within five minutes of the clock, and a `v1` signature matches one of
 * the secrets (compared in constant time). Pass the body exactly as received, before any JSON
 * parsing. Throws a `WebhookVerificationError` subclass saying what failed.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: IncomingHeaders,
  secretOrSecrets: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Event {
  const keys = keysOf(secretOrSecrets);
  const id = header(headers, 'webhook-id');
  if (!ID.test(id)) throw new WebhookHeaderError('webhook-id is not 1 to 256 letters, digits or _.:-');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = signaturesOf(header(headers, 'webhook-signature'));
  checkTimestamp(timestamp, options);
  const expected = keys.map((key) => hmac(key, id, timestamp, rawBody));
  const matches = expected.some((mac) =>
    signatures.some((signature) => signature.length === mac.length && timingSafeEqual(signature, mac)),
  );
  if (!matches) throw new WebhookSignatureError('no webhook signature matches the secret');
  return eventOf(rawBody);
}
