// Validates every response against the spec (on in tests): a mismatch becomes a 500 whose
// message says what differs, so no test can pass on a response the contract forbids.

import { createOperationMatcher } from '@warehouse-kit/spec/document';
import { createResponseChecker, formatProblem } from '@warehouse-kit/spec/response-checker';
import type { Middleware } from 'koa';
import { API_PREFIX } from '../http/prefix.js';

export function validateResponses(): Middleware {
  const matcher = createOperationMatcher();
  const check = createResponseChecker();
  return async (ctx, next) => {
    await next();
    if (!ctx.path.startsWith(API_PREFIX)) return;
    const match = matcher.match(ctx.method, ctx.path.slice(API_PREFIX.length));
    const problems = check(match?.operation, {
      status: ctx.status,
      header: (name) => ctx.response.get(name) || undefined,
      body: ctx.body ?? undefined,
    });
    if (problems.length === 0) return;
    const details = problems.map(formatProblem).join('; ');
    const message = `response to ${ctx.method} ${ctx.path} does not match the spec: ${details}`;
    ctx.app.emit('error', new Error(message), ctx);
    ctx.status = 500;
    ctx.body = { error: message };
  };
}
