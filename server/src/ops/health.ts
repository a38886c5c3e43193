// Liveness and readiness for load balancers and orchestrators (DECISIONS 81). /healthz
// answers while the process can answer at all. /readyz answers 200 only when the database
// answers within READY_TIMEOUT_MS and every migration of this build is applied, else 503 with
// the reason; the database's own error text stays in the log.
import type { Middleware } from 'koa';
import { type Orm, pendingMigrations } from '../db/orm.js';
import type { Logger } from '../logging/logger.js';

const READY_TIMEOUT_MS = 2_000;

export const healthz: Middleware = (ctx) => {
  ctx.body = { status: 'ok' };
};

class Timeout extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function notReadyBecause(orm: Orm, log: Logger): Promise<string | undefined> {
  let pending: string[];
  try {
    pending = await within(pendingMigrations(orm), READY_TIMEOUT_MS);
  } catch (error) {
    log.warn({ err: error }, 'readiness: the database does not answer');
    return error instanceof Timeout
      ? `the database did not answer within ${READY_TIMEOUT_MS / 1000} s`
      : 'the database does not answer';
  }
  if (pending.length > 0) return `migrations not applied: ${pending.join(', ')}`;
  return undefined;
}

export function readyz(orm: Orm): Middleware {
  return async (ctx) => {
    const reason = await notReadyBecause(orm, ctx.state.log as Logger);
    ctx.status = reason ? 503 : 200;
    ctx.body = reason ? { status: 'unavailable', reason } : { status: 'ready' };
  };
}
