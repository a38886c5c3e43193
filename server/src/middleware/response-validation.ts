// Validates every response against the spec (on in tests): a mismatch becomes a 500, whose
// log line says what differs, so no test can pass on a response the contract forbids.
import { createResponseChecker, formatProblem } from '@warehouse-kit/spec/response-checker';
import type { Middleware } from 'koa';
import { API_PREFIX } from '../http/prefix.js';
import { answerServerError } from './error-handler.js';
import { operationOf } from './operation.js';

export function validateResponses(): Middleware {
  const check = createResponseChecker();
  return async (ctx, next) => {
    await next();
    const operation = operationOf(ctx);
    // A server error is already answered generically and logged; the rest must match the spec.
    if (!ctx.path.startsWith(API_PREFIX) || operation.operational || ctx.state.error !== undefined) return;
    const problems = check(operation.spec, {
      status: ctx.status,
      header: (name) => ctx.response.get(name) || undefined,
      // A replay's body is already the bytes it was first sent as (DECISIONS 439).
      body: Buffer.isBuffer(ctx.body) ? JSON.parse(ctx.body.toString('utf8')) : (ctx.body ?? undefined),
    });
    if (problems.length === 0) return;
    const details = problems.map(formatProblem).join('; ');
    answerServerError(ctx, new Error(`response to ${ctx.method} ${ctx.path} does not match the spec: ${details}`));
  };
}
