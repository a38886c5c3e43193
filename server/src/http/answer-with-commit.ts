// What must commit with a write's changes or not at all: the answer stored for its
// Idempotency-Key (DECISIONS 372). A middleware hands the router a hook; the router runs it last
// in the write's transaction, with the answer the write will get, so a write whose COMMIT's
// outcome the server never learns (the database gone or hung at that moment) has either both
// committed or neither.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';

/** What a write answers when it succeeds. */
export interface Answer {
  status: number;
  body: unknown;
}

export type CommitHook = (em: EntityManager, answer: Answer) => Promise<void>;

const HOOK = 'commitWithAnswer';

/** Asks the router to run `hook` last in the request's write transaction. */
export function commitWithAnswer(ctx: ParameterizedContext, hook: CommitHook): void {
  ctx.state[HOOK] = hook;
}

/** Runs the request's hook, if any, in the transaction `em` is in. */
export async function beforeCommit(ctx: ParameterizedContext, em: EntityManager, answer: Answer): Promise<void> {
  await (ctx.state[HOOK] as CommitHook | undefined)?.(em, answer);
}
