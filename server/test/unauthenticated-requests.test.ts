import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import type { TestServer } from '@warehouse-kit/testing/server';
import { send, startWorld, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { type SecondInstance, startSecondInstance } from './support/second-instance.js';

/** Every table's exact number of rows, by name. */
async function rowCounts(): Promise<Record<string, number>> {
  const connection = (await testOrm()).em.getConnection();
  const tables = await connection.execute<{ name: string }[]>(
    'select tablename as name from pg_tables where schemaname = current_schema() order by tablename',
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await connection.execute<[{ count: string }]>(`select count(*) as count from "${name}"`);
    counts[name] = Number(row!.count);
  }
  return counts;
}

/** The tables holding more rows after than before, with how many more. */
function grown(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .filter(([table, count]) => count > (before[table] ?? 0))
      .map(([table, count]) => [table, count - (before[table] ?? 0)]),
  );
}

describe('requests without a valid token', () => {
  let server: TestServer;
  let world: World;
  let second: SecondInstance;
  // Keep-alive and a few requests in flight, so that hundreds of them take a second or two.
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });

  before(async () => {
    ({ server, world } = await startWorld());
    // The same failed-authentication limit as the first process, so the two share one budget of 20.
    second = await startSecondInstance({ authFailuresPerMinute: 20 });
  });
  after(async () => {
    agent.destroy();
    await second.close();
    await server.close();
  });

  /** Sends `count` requests, each with a new random token, alternately to both processes; counts the statuses. */
  async function guess(count: number): Promise<Record<number, number>> {
    const statuses: Record<number, number> = {};
    const ports = [server.port, second.server.port];
    let sent = 0;
    const sender = async () => {
      while (sent < count) {
        const port = ports[sent++ % 2]!;
        const authorization = `Token ${randomBytes(16).toString('hex')}`;
        const res = await send(port, world.host(), 'GET', '/api/v1/locations', { agent, headers: { authorization } });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    return statuses;
  }

  it('store one counter for their address: 1,000 random tokens through two processes add one row, and nothing else', async () => {
    const before = await rowCounts();
    const started = Date.now();
    // Fifty times the budget: a row or a budget per token, or per process, would show as hundreds
    // of rows or 401s; ten thousand showed nothing more than a thousand do.
    const statuses = await guess(1_000);
    expect(Object.keys(statuses).sort(), 'refused as unauthenticated, or past the per-address limit').to.deep.equal([
      '401',
      '429',
    ]);
    // One budget of 20 failures a minute for the address, across both processes: each window the
    // run spans answers exactly 20 of them 401 (two processes with budgets of their own would answer 40).
    const windows = Math.floor((Date.now() - started) / 60_000) + 1;
    expect(statuses[401]! % 20, `${statuses[401]} answers 401`).to.equal(0);
    expect(statuses[401]).to.be.within(20, 20 * windows);
    expect(grown(before, await rowCounts()), 'the failed-authentication counter of 127.0.0.1').to.deep.equal({
      rate_limits: 1,
    });
  });

  it('still count a valid token in the shared table, once per request, on either process', async () => {
    const admin = world.as('admin');
    const first = await admin.get('/locations');
    const other = await second.as(world, 'admin').get('/locations');
    expect(first.status).to.equal(200);
    expect(Number(other.headers['x-ratelimit-remaining'])).to.equal(Number(first.headers['x-ratelimit-remaining']) - 1);
  });
});
