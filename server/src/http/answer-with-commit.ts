// What must hold for the whole of a write's transaction or not at all: the Idempotency-Key it
// runs under (DECISIONS 372, 473). A middleware hands the router hooks; the router runs `begin`
// first in the write's transaction (the key is locked there, so the claim ends with the
// transaction, however it ends) and `commit` last, with the answer the write will get, so a
// write whose COMMIT's outcome the server never learns (the database gone or hung at that moment)
// has either both committed or neither.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';

/** What a write answers when it succeeds. */
export interface Answer {
  status: number;
  body: unknown;
}

export interface WriteHooks {
  /** Runs first in each attempt of the request's write transaction. */
  begin(em: EntityManager): Promise<void>;
  /** Runs last in it, with the answer the write will get. */
  commit(em: EntityManager, answer: Answer): Promise<void>;
}

const HOOKS = 'writeHooks';

/** Asks the router to run `hooks` in the request's write transaction. */
export function hookWrite(ctx: ParameterizedContext, hooks: WriteHooks): void {
  ctx.state[HOOKS] = hooks;
}

/** Runs the request's `begin` hook, if any, in the transaction `em` is in. */
export async function beginWrite(ctx: ParameterizedContext, em: EntityManager): Promise<void> {
  await (ctx.state[HOOKS] as WriteHooks | undefined)?.begin(em);
}

/** Runs the request's `commit` hook, if any, in the transaction `em` is in. */
export async function beforeCommit(ctx: ParameterizedContext, em: EntityManager, answer: Answer): Promise<void> {
  await (ctx.state[HOOKS] as WriteHooks | undefined)?.commit(em, answer);
}
