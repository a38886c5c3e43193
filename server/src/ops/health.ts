// Liveness and readiness for load balancers and orchestrators (DECISIONS 81). /healthz
// answers while the process can answer at all. /readyz answers 200 only when the database
// answers within READY_TIMEOUT_MS, every migration of this build is applied and no statement
// failed lately because of where it was sent (a pooler in transaction mode the server was not
// told of, DECISIONS 472), else 503 with the reason; the database's own error text stays in the log.
import type { Middleware } from 'koa';
import { type Orm, pendingMigrations } from '../db/orm.js';
import type { Logger } from '../logging/logger.js';
import { statementsFailing } from '../sql/statements.js';

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
  const failing = statementsFailing(orm.em);
  if (failing) return `statements fail: ${failing}; behind a pooler in transaction mode, set WH_DB_POOLER=transaction`;
  return undefined;
}

export function readyz(orm: Orm): Middleware {
  return async (ctx) => {
    const reason = await notReadyBecause(orm, ctx.state.log as Logger);
    ctx.status = reason ? 503 : 200;
    ctx.body = reason ? { status: 'unavailable', reason } : { status: 'ready' };
  };
}
