import type { Verdict } from '@warehouse-kit/conformance';
import { expect } from 'chai';
import { leftovers, startDeployment, type TestDeployment } from './support/deployment.js';
import { type FaultyProxy, startFaultyProxy } from './support/faulty-proxy.js';
import { runSuite, type SuiteRun } from './support/run-suite.js';

/** The `robustness: N fuzzed request(s) ... answered 200×9 400×42 ...` line a run prints, as numbers. */
function fuzzFigures(stderr: string): { requests: number; statuses: Record<string, number> } {
  const line = /robustness: (\d+) fuzzed request\(s\) in [\d.]+ s, answered ([^,]+), seed/.exec(stderr);
  expect(line, stderr).not.to.equal(null);
  const statuses = Object.fromEntries(line![2]!.split(' ').map((pair) => pair.split('×') as [string, string]));
  return {
    requests: Number(line![1]),
    statuses: Object.fromEntries(Object.entries(statuses).map(([s, n]) => [s, Number(n)])),
  };
}

const spent = (verdict: Verdict) => Object.values(verdict.run.requests).reduce((sum, count) => sum + count, 0);

describe('the robustness group (opt-in) against the reference server', () => {
  let deployment: TestDeployment;
  let proxy: FaultyProxy;

  before(async () => {
    // One organization per run, so that each starts with a whole rate-limit budget.
    deployment = await startDeployment(3);
    // A deployment with one bug: a page size from 50 to 99 makes it fail with a 500.
    proxy = await startFaultyProxy(deployment.server.port, {
      respond(request) {
        const perPage = Number(request.url.searchParams.get('per_page'));
        if (request.method !== 'GET' || !(perPage >= 50 && perPage <= 99)) return undefined;
        return { status: 500, headers: { 'content-type': 'application/json' }, body: '{"error":"server error"}' };
      },
    });
  });
  after(async () => {
    await proxy?.close();
    await deployment?.stop();
  });

  const robustness = (id: string, port: number, budget: number, seed: number): Promise<SuiteRun> =>
    runSuite([
      'run',
      '--deployment',
      deployment.profile(id, port),
      '--checks',
      'robustness',
      '--budget',
      String(budget),
      '--seed',
      String(seed),
      '--reporter',
      'dot',
    ]);

  it('passes within a budget of 100 requests: lifecycles agree, no 5xx, every answer as documented, nothing left behind', async function () {
    this.timeout(120_000);
    const run = await robustness(deployment.ids[0]!, deployment.server.port, 100, 20261127);
    expect(run.status, run.stdout + run.stderr).to.equal(0);
    const verdict = run.verdict!;
    expect(verdict.run.groups).to.deep.equal(['robustness']);
    expect(verdict.run.robustness).to.deep.equal({ budget: 100, seed: 20261127 });
    expect(verdict.checks.map((check) => [check.title.split(':')[0], check.state])).to.deep.equal([
      ['product_lifecycle_consistent', 'passed'],
      ['company_lifecycle_consistent', 'passed'],
      ['purchase_order_lifecycle_consistent', 'passed'],
      ['fuzzed_requests_answered_as_documented', 'passed'],
      ['deployment_answers_after_fuzzing', 'passed'],
    ]);
    const { requests, statuses } = fuzzFigures(run.stderr);
    expect(requests).to.be.greaterThan(50);
    expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).to.deep.equal([]);
    // Valid requests get through, not only refusals; and hostile ones are refused.
    expect(statuses['200']).to.be.greaterThan(0);
    expect((statuses['400'] ?? 0) + (statuses['422'] ?? 0)).to.be.greaterThan(10);
    // The group's budget holds; the clean-up of what the fuzzing created comes on top.
    expect(spent(verdict) - verdict.cleanup.undone.length).to.be.at.most(100);
    expect(verdict.cleanup.left_behind).to.deep.equal([]);
    expect(await leftovers(verdict.run.prefix)).to.deep.equal({
      records: 0,
      activeAppointments: 0,
      cancelledAppointments: 0,
    });
  });

  it('finds a seeded 500, shrinks it to a minimal request and prints it as curl with its seed, which --seed repeats', async function () {
    this.timeout(120_000);
    const failures: string[] = [];
    for (const id of [deployment.ids[1]!, deployment.ids[2]!]) {
      const run = await robustness(id, proxy.port, 120, 7);
      expect(run.status, run.stderr).to.equal(1);
      const check = run.check('fuzzed_requests_answered_as_documented');
      expect(check.state).to.equal('failed');
      // Two organizations, two prefixes: the same request otherwise.
      failures.push(check.message!.replaceAll(id, 'ORG').replace(/cf-[0-9a-f]{8}/gi, 'PREFIX'));
      expect(run.check('product_lifecycle_consistent').state).to.equal('passed');
      expect(run.verdict!.cleanup.left_behind).to.deep.equal([]);
    }
    const [first, second] = failures;
    expect(first).to.equal(second);
    expect(first)
      .to.include('status 500')
      .and.include('seed 7: whctl conformance run --checks robustness --budget 120 --seed 7');
    const curl = first!.split('\n').find((line) => line.includes('reproduce: curl'));
    // Shrunk: the smallest page size that fails, no other parameter, the token as a variable.
    expect(curl, first).to.match(/-X GET .*\/api\/v1\/[a-z_]+\?per_page=50'$/);
    expect(curl).to.include('$WH_TOKEN');
  });
});
