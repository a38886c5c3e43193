// Which methods a path offers, decided from the spec before any route runs: a path the API
// does not have is 404, a method its path does not offer is 405 with `Allow`. Deciding here,
// before the routes, lets a literal sub-path win over `{id}` for every method, so PUT on
// `/purchase_orders/with_booked_appointments` is 405 rather than a malformed id.
import { createOperationMatcher } from '@warehouse-kit/spec/document';
import type { Middleware } from 'koa';
import { HttpError, notFound } from '../http/errors.js';
import { API_PREFIX } from '../http/prefix.js';

// Why a method is refused, where the API has a better way.
const methodHints: Record<string, string> = {
  'DELETE /appointments/{id}': 'appointments are cancelled, not deleted: send {"appointment": {"state": "cancelled"}}',
};

export function allowedMethods(): Middleware {
  const matcher = createOperationMatcher();
  // Each of the spec's templates offers the same methods to every request: worked out once.
  const offered = new Map<string, string[]>();
  const verbsOf = (template: string, path: string) => {
    let verbs = offered.get(template);
    if (!verbs) {
      verbs = matcher.allowedMethods(path).map((method) => method.toUpperCase());
      offered.set(template, verbs);
    }
    return verbs;
  };
  return (ctx, next) => {
    const path = ctx.path.slice(API_PREFIX.length);
    const template = matcher.pathTemplate(path);
    if (!template) throw notFound(`no endpoint ${ctx.method} ${ctx.path}`);
    const verbs = verbsOf(template, path);
    if (verbs.includes(ctx.method)) return next();
    const hint = methodHints[`${ctx.method} ${template}`];
    throw new HttpError(
      405,
      `${ctx.method} is not allowed on ${ctx.path} (allowed: ${verbs.join(', ')})${hint ? `; ${hint}` : ''}`,
      { Allow: verbs.join(', ') },
    );
  };
}
