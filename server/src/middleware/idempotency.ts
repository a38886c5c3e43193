// `Idempotency-Key` on POST (DECISIONS 110–118, an extension beyond the reference): the first
// response to a key is stored and answered again to a retry of the same request, so a client
// whose create timed out can send it again without creating twice. The key is claimed before
// the handler runs and locked first in the write's transaction, so a second request racing the
// first is refused (409) instead of running too, and the claim ends with that transaction: a
// server error or a process that died leaves the key free for a retry at once (DECISIONS 473). A
// write stores its answer in its own transaction, so that a write whose outcome the server never
// learned (the database gone at its COMMIT) is replayed if it committed and runs again if not
// (DECISIONS 372). A key answers only the
// request it was used with, on the same interface, and only while the user may still read where
// that request worked and manage the webhook endpoint it worked with (DECISIONS 141, 332).
// Requests without the header are untouched. It runs after authentication (keys belong to an
// API user) and after the rate limits (every request counts, replays included).
import { createHash } from 'node:crypto';
import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import type { OperationSpec } from '@warehouse-kit/spec/document';
import type { Context, Middleware, Next } from 'koa';
import type { IdempotencyKeys, KeyOwner, StoredResponse } from '../db/idempotency-keys.js';
import type { Access } from '../domain/access.js';
import { type Answer, hookWrite } from '../http/answer-with-commit.js';
import { badRequest, HttpError, ValidationFailed } from '../http/errors.js';
import { readJsonBody } from '../http/json-body.js';
import { errorHandler } from './error-handler.js';
import { answerBytes } from './json-bodies.js';
import { operationOf } from './operation.js';
import { requireReplayAccess } from './replay-access.js';

export const IDEMPOTENCY_KEY = 'Idempotency-Key';

/** 1 to 255 printable ASCII characters, spaces allowed inside. */
const wellFormed = /^[\x20-\x7e]{1,255}$/;

/** The headers of a response that describe what was created, kept for replays. */
const KEPT_HEADERS = ['ETag', 'Location'];

/** JSON with object keys sorted, so that two encodings of one body digest alike. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests the same: method, interface (the organization's or which location's:
 * the organization is the key's owner), path with query, and body (DECISIONS 111).
 */
function requestDigest(ctx: Context, access: Access, body: unknown): string {
  const address = access.interfaceLocation ? `location ${access.interfaceLocation.id}` : 'organization';
  return createHash('sha256')
    .update(`${ctx.method} ${address} ${ctx.url}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** The headers of the response that a replay repeats. */
function keptHeaders(ctx: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) if (ctx.response.get(name)) headers[name] = ctx.response.get(name);
  return headers;
}

/** The stored answer again, its body the very bytes first sent (DECISIONS 439). */
function replay(ctx: Context, response: StoredResponse) {
  ctx.status = response.status;
  ctx.set(response.headers);
  ctx.set('Idempotent-Replayed', 'true');
  ctx.body = response.body;
  if (response.body) ctx.type = 'json';
}

export function idempotency(keys: IdempotencyKeys, bodyLimit: (operationId: string) => number): Middleware {
  // Errors are rendered here, inside the key's span, so that a 4xx answer is stored like any other.
  const renderErrors = errorHandler();
  const claimed = async (ctx: Context, next: Next, key: string | string[], spec: OperationSpec) => {
    if (typeof key !== 'string' || !wellFormed.test(key))
      throw badRequest(`${IDEMPOTENCY_KEY} must be 1 to 255 printable ASCII characters`);
    // An answer holding a secret shown once (a webhook endpoint's) is never stored (DECISIONS 244).
    if (!spec.parameters.some((parameter) => parameter.in === 'header' && parameter.name === IDEMPOTENCY_KEY))
      throw badRequest(`${IDEMPOTENCY_KEY} is not taken here: the answer holds a secret that is never stored`);
    // A body that cannot be read is refused here, before the key is claimed, and never stored.
    const body = spec.requestBodySchema ? await readJsonBody(ctx, bodyLimit(spec.operationId)) : undefined;
    const access = ctx.state.access as Access;
    const owner: KeyOwner = { organizationId: access.organization.id, apiUserId: access.user.id, key };

    const digest = requestDigest(ctx, access, body);
    const claim = await keys.claim(owner, digest);
    if (claim.outcome === 'different-request')
      throw new ValidationFailed({
        [IDEMPOTENCY_KEY]: ['was already used with a different request; use a new key for a new request'],
      });
    if (claim.outcome === 'replay') {
      const em = RequestContext.getEntityManager() as EntityManager;
      await requireReplayAccess(em, access, { method: ctx.method, path: ctx.path, query: ctx.query, body });
      return replay(ctx, claim.response);
    }

    // The answer of the attempt that last reached its COMMIT; a write stores it in its transaction.
    let committing: Answer | undefined;
    // Set when another request holds the key: that refusal is this request's alone, never stored.
    let busy = false;
    hookWrite(ctx, {
      begin: async (em) => {
        if (await keys.lockForWrite(em, owner, digest)) return;
        busy = true;
        throw new HttpError(409, `a request with this ${IDEMPOTENCY_KEY} is still being processed; retry later`);
      },
      commit: async (em, answer) => {
        const stored = { status: answer.status, headers: keptHeaders(ctx), body: answerBytes(answer.body) };
        await keys.storeWithWrite(em, owner, digest, stored);
        committing = answer;
      },
    });
    await renderErrors(ctx, next);
    // A server error stored nothing and holds nothing: the key's lock ended with its transaction.
    if (busy || ctx.status >= 500) return;
    // A refusal rolled its transaction back, stored nothing and is stored now.
    if (committing?.status !== ctx.status || committing.body !== (ctx.body ?? null))
      await keys.complete(owner, digest, {
        status: ctx.status,
        headers: keptHeaders(ctx),
        body: answerBytes(ctx.body),
      });
  };
  // Only a POST with the header does any of this; every other request passes straight through (DECISIONS 269).
  return (ctx, next) => {
    const key = ctx.headers['idempotency-key'];
    const { spec } = operationOf(ctx);
    return ctx.method === 'POST' && key !== undefined && spec ? claimed(ctx, next, key, spec) : next();
  };
}
