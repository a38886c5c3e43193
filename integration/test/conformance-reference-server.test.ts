import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileFile } from '@warehouse-kit/conformance';
import { groups } from '@warehouse-kit/conformance';
import { CONTRACT_VERSION } from '@warehouse-kit/spec';
import { eventually } from '@warehouse-kit/testing';
import { ApiClient, expireEvents } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { parse, stringify } from 'yaml';
import { ROOT } from '../src/workspace.js';
import {
  leftovers,
  scratchFile,
  startDeployment,
  TEST_RATE_LIMIT_WINDOW_S,
  type TestDeployment,
} from './support/deployment.js';
import { runSuite, runSuiteLine } from './support/run-suite.js';

/**
 * The vendors' guide's two lines that check the demo (`npx wh-server profile server/demo.yaml ...`,
 * then `npm run conformance -- run ...`), for a server at `port`, writing the profile to `file`:
 * run as written, from the checkout, but for the port and the profile's path.
 */
function readmeDemoLines(port: number, file: string): [string, string] {
  const readme = readFileSync(join(ROOT, 'docs/vendors.md'), 'utf8').split('\n');
  const first = readme.findIndex((line) => line.startsWith('npx wh-server profile server/demo.yaml '));
  const lines = readme.slice(first, first + 2);
  expect(first, "the vendors' guide shows how to check the demo").to.be.greaterThan(0);
  expect(lines[1]).to.match(/^npm run conformance -- run /);
  const [profile, run] = lines.map((line) =>
    line.replaceAll('localhost:3000', `localhost:${port}`).replaceAll('demo-profile.yaml', `'${file}'`),
  );
  return [profile!, run!];
}

describe('conformance suite against the reference server', () => {
  let deployment: TestDeployment;
  // One organization per run, so that no run starts with another's spent rate-limit budget.
  const organization = (run: number) => deployment.ids[run]!;

  before(async () => {
    deployment = await startDeployment(4);
  });
  after(() => deployment.stop());

  it('passes every check against the demo as the README runs it, rate limits and appointments included, and leaves nothing behind', async function () {
    this.timeout(300_000);
    deployment.provision(join(ROOT, 'server/demo.yaml'));
    const file = scratchFile('demo-profile.yaml');
    const [printProfile, runSuiteOnDemo] = readmeDemoLines(deployment.server.port, file);
    const printed = spawnSync('sh', ['-c', printProfile], { cwd: ROOT, encoding: 'utf8' });
    expect(printed.status, printed.stderr).to.equal(0);
    // Toronto DC, the home location, refuses orders without these; the suite must meet them.
    expect((parse(readFileSync(file, 'utf8')) as ProfileFile).locations[0]).to.deep.include({
      name: 'Toronto DC',
      requires: { purchase_order_fields: ['expected_starts_at'], catalog_products: true },
    });

    const run = await runSuiteLine(runSuiteOnDemo, ROOT);
    expect(run.status, `${run.stdout}\n${run.stderr}`).to.equal(0);
    const verdict = run.verdict!;
    expect(verdict.verdict).to.equal('pass');
    expect(verdict.summary.failed).to.equal(0);
    expect(verdict.deployment.contract_version).to.equal(CONTRACT_VERSION);
    expect(verdict.run.contract_version).to.equal(CONTRACT_VERSION);
    // Every check applies to the demo with appointments allowed, but the one that needs a cursor
    // older than the events kept, which no fresh deployment has (DECISIONS 224).
    expect(verdict.checks.filter((check) => check.state === 'skipped').map((check) => check.title)).to.deep.equal([
      'expired_cursor_gone: GET /events 410 [decision 177]',
    ]);
    expect(verdict.summary.total).to.equal(verdict.checks.length).and.be.greaterThan(100);
    // Every group but the opt-in robustness group, which a run takes only when --checks names it.
    expect([...new Set(verdict.checks.map((check) => check.group))]).to.deep.equal(
      groups.filter((group) => !group.optIn).map((group) => group.name),
    );
    for (const title of [
      'values_returned_verbatim: POST /purchase_orders 200',
      'custom_value_accepted: POST /purchase_orders 200',
      'bulk_upload_all_or_nothing: POST /bulk_uploads 422',
      'bulk_upload_counts_as_one_request: POST /bulk_uploads 200',
      'move_uses_destination_fields: PATCH /purchase_orders/{id} 422',
      'warehouse_refuses_new_customer: POST /purchase_orders 422',
      'warehouse_customer_settings_applied: POST /purchase_orders 200',
      'unassigned_order_creates_customer: POST /purchase_orders 200',
      'skipped_local_time_moves_forward: POST /purchase_orders 200',
      'repeated_local_time_takes_earlier: POST /purchase_orders 200',
      'no_admin_access_forbidden: GET /locations 403',
      'rate_limit_remaining_counts_down: GET /locations 200',
      'idempotent_create_replayed: POST /companies 200',
      'stale_if_match_refused: PATCH /companies/{id} 412',
      'suite_writes_evented: GET /events 200',
      'write_events_in_order: GET /events 200',
      'event_visibility_matches_lists: GET /events 200',
      'webhook_delivery_signed: POST /webhook_endpoints 200',
      'failed_delivery_retried: GET /webhook_endpoints/{id}/deliveries 200',
      'redelivery_sends_again: POST /webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver 200',
    ])
      expect(run.check(title).state, title).to.equal('passed');
    const rateLimits = verdict.checks.filter((check) => check.group === 'rate-limits');
    expect(rateLimits.map((check) => check.state)).to.deep.equal(Array(8).fill('passed'));
    // About 250 requests with the admin token, some in bursts, spend its budget of 120 within a
    // window: the run's own waits show requests resuming at X-RateLimit-Reset, so that check needs
    // no wait of its own. Each wait is as long as the deployment's headers say, here a window of
    // seconds (DECISIONS 490), never an assumed minute.
    const waits = [...run.stderr.matchAll(/rate limited \(admin[^)]*\): waiting (\d+) s until X-RateLimit-Reset/g)];
    expect(waits, run.stderr).not.to.be.empty;
    for (const [line, seconds] of waits) expect(Number(seconds), line).to.be.at.most(TEST_RATE_LIMIT_WINDOW_S);
    // The server says at start that its window is shorter than the contract's minute.
    expect(deployment.server.output()).to.include(
      `WH_RATE_LIMIT_WINDOW_S is ${TEST_RATE_LIMIT_WINDOW_S}: a token may send 120 requests every`,
    );
    expect(verdict.coverage.summary.failed).to.equal(0);
    expect(verdict.coverage.summary.passed).to.be.greaterThan(50);

    expect(verdict.cleanup.left_behind).to.deep.equal([]);
    expect(verdict.cleanup.undone.length).to.be.greaterThan(10);
    // The webhook endpoint is deleted before the suite's receiver closes.
    const undone = verdict.cleanup.undone.map(({ label, outcome }) => `${label}: ${outcome}`);
    const endpoint = undone.findIndex((line) =>
      /^webhook endpoint \d+ \(cf-\w+ webhook receiver\): deleted$/.test(line),
    );
    const receiver = undone.findIndex((line) =>
      /^webhook receiver at http:\/\/127\.0\.0\.1:\d+\/hook: closed$/.test(line),
    );
    expect(endpoint, undone.join('\n')).to.be.at.least(0).and.below(receiver);
    // Only the appointment stays, cancelled: the API cannot delete appointments.
    expect(await leftovers(verdict.run.prefix)).to.deep.equal({
      records: 0,
      activeAppointments: 0,
      cancelledAppointments: 1,
    });

    expect(run.stdout)
      .to.include('missing_token_rejected: GET /locations 401 [§5]')
      .and.include(`${verdict.summary.passed} passing`)
      .and.include('1 pending');
    expect(verdict.summary.passed).to.equal(verdict.summary.total - 1);
    expect(run.stderr).to.include(`Conformant: ${verdict.summary.passed} check(s) passed, 1 skipped.`);
    expect(run.junit).to.include(`tests="${verdict.summary.total}"`).and.include('failures="0"');
    // A suite per group, none empty: not mocha's root, which holds no check (it was `name="" tests="0"`).
    expect(run.junit).not.to.match(/<testsuite [^>]*tests="0"/);
    expect(run.junit).not.to.include('<testsuite name=""');
  });

  it('skips the extension checks for a profile that does not declare the extensions', async function () {
    this.timeout(60_000);
    const { extensions: _extensions, ...full } = parse(
      readFileSync(deployment.profile(organization(0)), 'utf8'),
    ) as ProfileFile;
    const file = scratchFile('profile-without-extensions.yaml');
    writeFileSync(file, stringify(full));
    const run = await runSuite(['run', '--deployment', file, '--checks', 'extensions,events,webhooks']);
    expect(run.status, run.stderr).to.equal(0);
    const states = run.verdict!.checks.map((check) => [check.state, check.basis]);
    expect(states).to.deep.equal(Array(18).fill(['skipped', 'extension']));
    expect(run.check('stale_if_match_refused: PATCH /companies/{id} 412').reason).to.include('extensions.etags');
    expect(run.check('write_events_in_order: GET /events 200').reason).to.include('extensions.events');
    expect(run.check('redelivery_sends_again').reason).to.include('extensions.webhooks');
  });

  it('checks the change feed, an expired cursor included when the profile names one', async function () {
    this.timeout(60_000);
    const id = organization(3);
    const admin = new ApiClient(deployment.server.port, `${id}.localhost`, `${id}-admin-token`);
    const start = (await admin.get('/events', { start: 'latest' })).body.next_cursor;
    await admin.post('/companies', { company: { name: 'Expiring Freight', company_type: 'carrier' } });
    // A write shows in the feed once older transactions ended, normally at the first read.
    const old = await eventually<{ cursor: string }>(
      'the company in the feed',
      async () => (await admin.get('/events', { after: start })).body.events[0],
    );
    expect(await expireEvents(id)).to.be.at.least(1);
    const profile = parse(readFileSync(deployment.profile(id), 'utf8')) as ProfileFile;
    const file = scratchFile('profile-with-expired-cursor.yaml');
    writeFileSync(
      file,
      stringify({ ...profile, extensions: { ...profile.extensions, expired_event_cursor: old.cursor } }),
    );
    const run = await runSuite(['run', '--deployment', file, '--checks', 'events']);
    expect(run.status, `${run.stdout}\n${run.stderr}`).to.equal(0);
    expect(run.verdict!.checks.map((check) => [check.check, check.state])).to.deep.equal([
      ['write_events_in_order', 'passed'],
      ['event_cursor_resumes', 'passed'],
      ['event_visibility_matches_lists', 'passed'],
      ['location_interface_feed_narrowed', 'passed'],
      ['expired_cursor_gone', 'passed'],
      ['suite_writes_evented', 'passed'],
    ]);
  });

  it('skips the webhook checks, saying why, when the deployment refuses the receiver URL the profile names', async function () {
    this.timeout(60_000);
    const profile = parse(readFileSync(deployment.profile(organization(2)), 'utf8')) as ProfileFile;
    const file = scratchFile('profile-with-unreachable-receiver.yaml');
    const webhooks = { listen: '127.0.0.1:0', url: 'http://nowhere.invalid:{port}/hook' };
    writeFileSync(file, stringify({ ...profile, extensions: { ...profile.extensions, webhooks } }));
    const run = await runSuite(['run', '--deployment', file, '--checks', 'webhooks']);
    expect(run.status, `${run.stdout}\n${run.stderr}`).to.equal(0);
    const verdict = run.verdict!;
    expect(verdict.checks.map((check) => check.state)).to.deep.equal(Array(8).fill('skipped'));
    for (const check of verdict.checks)
      expect(check.reason)
        .to.match(
          /^the deployment refused the receiver's URL http:\/\/nowhere\.invalid:\d+\/hook(\/[a-z]+)? \(422 \{"url":/,
        )
        .and.include('WH_WEBHOOK_ALLOW_PRIVATE=1');
    // Every receiver on the one port of the profile, each at a path of its own.
    const port = /nowhere\.invalid:(\d+)\/hook /.exec(run.check('webhook_delivery_signed').reason!)?.[1];
    expect(run.check('gone_disables_endpoint').reason).to.include(`URL http://nowhere.invalid:${port}/hook/gone (422`);
    expect(verdict.cleanup.undone.map((undone) => undone.outcome)).to.deep.equal(['closed']);
  });

  it(
    'skips, with the reason, the checks a profile without ' + 'the optional tokens cannot run, and still passes',
    async function () {
      this.timeout(60_000);
      const full = parse(readFileSync(deployment.profile(organization(1)), 'utf8')) as ProfileFile;
      const file = scratchFile('profile.yaml');
      const { custom_fields: _fields, ...rest } = full;
      writeFileSync(
        file,
        stringify({ ...rest, locations: full.locations.slice(0, 1), tokens: { admin: full.tokens.admin } }),
      );

      const run = await runSuite(['run', '--deployment', file, '--checks', 'status-codes']);
      expect(run.status, run.stderr).to.equal(0);
      const readOnly = run.check('read_only_write_forbidden: POST /products 403');
      expect(readOnly.state).to.equal('skipped');
      expect(readOnly.reason).to.include('tokens.read_only');
      expect(run.check('record_outside_location_filter_not_found: GET /products/{id} 404').reason).to.include(
        'one location',
      );
      expect(run.check('success_returns_record: POST /appointments 200').reason).to.include('--allow-appointments');
      expect(run.check('missing_token_rejected').state).to.equal('passed');
      expect(run.stderr).to.include('Skipped (not applicable to this profile or run)').and.include('tokens.unpaid');
      expect(await leftovers(run.verdict!.run.prefix)).to.include({ records: 0 });
    },
  );

  it('runs only the checks --grep selects', async () => {
    const run = await runSuite([
      'run',
      '--deployment',
      deployment.profile(organization(2)),
      '--grep',
      'missing_token_rejected',
    ]);
    expect(run.status, run.stderr).to.equal(0);
    expect(run.verdict!.checks.map((check) => check.title)).to.deep.equal([
      'missing_token_rejected: GET /locations 401 [§5]',
    ]);
    expect(run.verdict!.run.requests).to.deep.equal({
      'admin, organization interface': 1,
      'no Authorization header': 1,
    });
  });

  it('stops at SIGINT after the current check, cleans up what it created and exits 130', async function () {
    this.timeout(60_000);
    const run = await runSuite(['run', '--deployment', deployment.profile(organization(0))], {
      started: (child) => {
        // Interrupt once the first group has created its records.
        let seen = '';
        const interrupt = (chunk: Buffer) => {
          seen += chunk.toString();
          if (!seen.includes('Location rules')) return;
          child.stdout!.off('data', interrupt);
          child.kill('SIGINT');
        };
        child.stdout!.on('data', interrupt);
      },
    });
    expect(run.status, run.stderr).to.equal(130);
    expect(run.stderr)
      .to.include('SIGINT: stopping after the current check, then cleaning up')
      .and.include('interrupted');
    const verdict = run.verdict!;
    expect(verdict.verdict).to.equal('interrupted');
    expect(verdict.checks.some((check) => check.group === 'rate-limits')).to.equal(false);
    expect(verdict.cleanup.undone.length).to.be.greaterThan(0);
    expect(verdict.cleanup.left_behind).to.deep.equal([]);
    expect(await leftovers(verdict.run.prefix)).to.include({ records: 0 });
  });
});
