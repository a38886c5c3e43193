import { readFileSync } from 'node:fs';
import type { ProfileFile } from '@warehouse-kit/conformance';
import { listOperations } from '@warehouse-kit/spec/document';
import { send } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { parse } from 'yaml';
import { startDeployment, type TestDeployment } from './support/deployment.js';
import { type PrismProxy, responseViolations, startPrismProxy } from './support/prism.js';
import { runSuite } from './support/run-suite.js';

/** Every `{name}` of a path template filled with a record id no deployment has (ids are below 2^31). */
const anyId = (path: string) => path.replace(/\{[^}]+\}/g, (name) => (name === '{id}' ? '2147483000' : 'evt_1'));

describe('the contract in Prism 5.14 (a validating proxy in front of the reference server)', () => {
  let deployment: TestDeployment;
  let prism: PrismProxy;
  let profile: ProfileFile;

  before(async function () {
    this.timeout(120_000);
    // Two organizations: the suite spends one admin token's budget, the sweep the other's.
    deployment = await startDeployment(2);
    prism = await startPrismProxy(deployment.server.port);
    profile = parse(readFileSync(deployment.profile(deployment.ids[1]!, prism.port), 'utf8')) as ProfileFile;
  });
  after(async () => {
    await prism?.close();
    await deployment?.stop();
  });

  const token = () => (profile.tokens.admin as { token: string }).token;
  /** A request to the front of the proxy, addressed at the host of `base` (Node's fetch cannot choose the Host). */
  const request = (base: string, method: string, path: string, body?: unknown) =>
    send(prism.port, new URL(base).host, method, `/api/v1${path}`, {
      headers: { Authorization: `Token ${token()}` },
      body,
    });

  it('flags a list whose ids are not integers, so that no violations means something', async () => {
    prism.breakProductList = true;
    const res = await request(profile.organization, 'GET', '/products').finally(() => {
      prism.breakProductList = false;
    });
    expect(res.status).to.equal(200);
    const found = responseViolations(prism.violations.splice(0));
    expect(found.map((violation) => violation.location.join('.'))).to.include('response.body.0.id');
  });

  it('sees no response violation while the suite runs four groups through it', async function () {
    this.timeout(120_000);
    const before = prism.requests;
    const run = await runSuite([
      'run',
      '--deployment',
      deployment.profile(deployment.ids[0]!, prism.port),
      '--checks',
      'status-codes,records,schemas,pagination',
      '--reporter',
      'dot',
    ]);
    expect(run.status, run.stdout + run.stderr).to.equal(0);
    expect(prism.requests - before, 'the run went through Prism').to.be.greaterThan(100);
    expect(responseViolations(prism.violations)).to.deep.equal([]);
  });

  it('routes a request to every operation of the spec and sees no response violation', async function () {
    this.timeout(60_000);
    prism.violations.length = 0;
    const statuses = new Map<string, number>();
    for (const operation of listOperations()) {
      const base = operation.onOrganizationInterface ? profile.organization : profile.locations[0]!.address;
      const writes = ['post', 'put', 'patch'].includes(operation.method);
      const res = await request(base, operation.method.toUpperCase(), anyId(operation.path), writes ? {} : undefined);
      statuses.set(`${operation.method.toUpperCase()} ${operation.path}`, res.status);
    }
    expect(statuses.size).to.equal(listOperations().length).and.be.at.least(30);
    for (const [operation, status] of statuses) expect(status, operation).to.be.within(200, 499);
    const unrouted = prism.violations.filter((violation) => /route not found/i.test(violation.message));
    expect(unrouted, 'Prism found every operation in the spec').to.deep.equal([]);
    expect(responseViolations(prism.violations)).to.deep.equal([]);
  });
});
