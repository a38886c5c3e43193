// The fault run: writers create products at a steady pace through the reference server while
// its PostgreSQL (one of the run's own) is killed, restarted, hung and resumed. It reports the
// answers by status, the longest answer, how long after each fault ended the first write
// succeeded, and how many acknowledged writes the database no longer holds.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ApiClient,
  recordFixtureTokens,
  standardOrganization,
  startTestServer,
  uniqueId,
} from '@warehouse-kit/testing/server';
import { migrate, openOrm } from '../../src/db/orm.js';
import { provision } from '../../src/provision/provision.js';
import { startOwnPostgres } from './own-postgres.js';

export interface ChaosForm {
  writers: number;
  /** Each writer's pause between its answer and its next create. */
  paceMs: number;
  /** How long PostgreSQL stays killed before it is started again. */
  killMs: number;
  /** How long PostgreSQL stays stopped (SIGSTOP). */
  hangMs: number;
  /** WH_DB_TIMEOUT_MS of the server. */
  timeoutMs: number;
  /** Steady writing before, between and after the faults. */
  steadyMs: number;
}

export interface ChaosReport {
  form: ChaosForm;
  /** Answers by status; `error` for a request that got no HTTP answer. */
  statuses: Record<string, number>;
  longestMs: number;
  /** From the restart, and from the resume, to the first write that succeeded after it. */
  recoveryMs: { kill: number; hang: number };
  acknowledged: number;
  lost: number;
  /** What the log says of any answer 500 and above other than 503. */
  serverErrors: string[];
}

/** `npm run chaos`: the faults issue 32 measured, at the default WH_DB_TIMEOUT_MS. */
export const FULL_FORM: ChaosForm = {
  writers: 8,
  paceMs: 600,
  killMs: 4_000,
  hangMs: 40_000,
  timeoutMs: 5_000,
  steadyMs: 3_000,
};

/** The form `npm test` runs, in about 15 s. */
export const SHORT_FORM: ChaosForm = {
  writers: 4,
  paceMs: 600,
  killMs: 2_000,
  hangMs: 4_000,
  timeoutMs: 1_000,
  steadyMs: 1_500,
};

export async function runChaos(form: ChaosForm): Promise<ChaosReport> {
  const postgres = await startOwnPostgres();
  const orm = await openOrm(postgres.url, { timeoutMs: form.timeoutMs });
  const server = await startTestServer({ orm, captureLog: true });
  try {
    await migrate(orm);
    const id = uniqueId();
    // A user per writer: each token has its own rate limit (120 a minute), which the pace keeps under.
    const organization = standardOrganization(id);
    const tokens = Array.from({ length: form.writers }, (_, n) => `${id}-writer-${n}-token`);
    organization.users!.push(
      ...tokens.map((token, n) => ({ name: `writer ${n}`, token, roles: { 'Toronto DC': 'admin' as const } })),
    );
    const fixture = { organizations: [organization] };
    recordFixtureTokens(fixture);
    await provision(orm.em.fork(), fixture);

    const statuses: Record<string, number> = {};
    const acknowledged: string[] = [];
    const successes: number[] = [];
    let longestMs = 0;
    let writing = true;
    const writer = async (n: number) => {
      const client = new ApiClient(server.port, `${id}.${server.baseHost}`, tokens[n]);
      for (let i = 0; writing; i++) {
        const sku = `CHAOS-${n}-${i}`;
        const started = Date.now();
        const status = await client
          .post('/products', { product: { name: `Chaos ${n} ${i}`, sku, location_name: 'Toronto DC' } })
          .then((answer) => String(answer.status))
          .catch(() => 'error');
        longestMs = Math.max(longestMs, Date.now() - started);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === '200') {
          acknowledged.push(sku);
          successes.push(Date.now());
        }
        await sleep(form.paceMs);
      }
    };
    const firstSuccessAfter = async (moment: number) => {
      while (!successes.some((at) => at > moment)) await sleep(20);
      return successes.find((at) => at > moment)! - moment;
    };

    const writers = Array.from({ length: form.writers }, (_, n) => writer(n));
    await sleep(form.steadyMs);
    await postgres.kill();
    await sleep(form.killMs);
    await postgres.restart();
    const restarted = Date.now();
    const killRecovery = await firstSuccessAfter(restarted);
    await sleep(form.steadyMs);
    postgres.hang();
    await sleep(form.hangMs);
    postgres.resume();
    const resumed = Date.now();
    const hangRecovery = await firstSuccessAfter(resumed);
    await sleep(form.steadyMs);
    writing = false;
    await Promise.all(writers);

    const kept = (await orm.em
      .getConnection()
      .execute('select count(*)::int as kept from products where sku in (?)', [acknowledged])) as { kept: number }[];
    return {
      form,
      statuses,
      longestMs,
      recoveryMs: { kill: killRecovery, hang: hangRecovery },
      acknowledged: acknowledged.length,
      lost: acknowledged.length - kept[0]!.kept,
      serverErrors: server
        .logRecords()
        .filter((record) => record.status >= 500 && record.status !== 503)
        .map((record) => String(record.err?.message ?? record.msg)),
    };
  } finally {
    await server.close();
    await orm.close();
    await postgres.remove();
  }
}
