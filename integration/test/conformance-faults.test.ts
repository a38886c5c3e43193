import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileFile } from '@warehouse-kit/conformance';
import { CONTRACT_VERSION } from '@warehouse-kit/spec';
import { expect } from 'chai';
import { parse } from 'yaml';
import { CHROMIUM, chromiumInstalled, openFile } from './support/browser.js';
import { scratchFile, startDeployment, type TestDeployment } from './support/deployment.js';
import {
  budgetResetInEpochSeconds,
  changesLocationNameCase,
  deletesInNameOnly,
  disablesInNameOnly,
  dropsTotalCount,
  eventsWithoutPreviousAttributes,
  exactLocationNames,
  forbiddenForBadTokens,
  goneTakenForFailure,
  keepsLastWebhookAttempt,
  linkDropsLocationFilter,
  linkToInternalHost,
  namesHourlyLimit,
  namesNextMajor,
  namesNoContractVersion,
  noDeleteEvents,
  noRateLimit,
  productsWithoutLocationName,
  rendersUtc,
  retryAfterIgnored,
  showsAnotherWebhookSecret,
  standardOffsetAllYear,
  versionOnSuccessesOnly,
} from './support/faults.js';
import { type Fault, type FaultyProxy, startFaultyProxy } from './support/faulty-proxy.js';
import { runSuite, type SuiteRun } from './support/run-suite.js';

describe('conformance suite against deliberately broken deployments', () => {
  let deployment: TestDeployment;
  const proxies: FaultyProxy[] = [];
  let runs = 0;

  before(async () => {
    deployment = await startDeployment(23);
  });
  after(async () => {
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await deployment.stop();
  });

  /** Runs groups against the reference server behind a proxy that plants `fault`, with an organization of its own. */
  async function runAgainst(fault: Fault, args: string[]): Promise<SuiteRun> {
    const proxy = await startFaultyProxy(deployment.server.port, fault);
    proxies.push(proxy);
    const run = await runSuite([
      'run',
      '--deployment',
      deployment.profile(deployment.ids[runs++]!, proxy.port),
      ...args,
    ]);
    expect(run.status, `${run.stdout}\n${run.stderr}`).to.equal(1);
    expect(run.verdict!.verdict).to.equal('fail');
    // Even against a broken deployment the run undoes what it created.
    expect(run.verdict!.cleanup.left_behind).to.deep.equal([]);
    // Whatever the deployment answers, no message reads "undefined s away" or "NaN".
    for (const check of run.verdict!.checks)
      for (const text of [check.message, check.reason])
        expect(text ?? '', `${check.title}: ${check.state}`).not.to.match(/\bundefined\b|\bNaN\b/);
    return run;
  }

  function expectFailure(run: SuiteRun, title: string, ...phrases: string[]): void {
    const check = run.check(title);
    expect(check.state, `${title} should fail`).to.equal('failed');
    expect(check.message).to.match(/^(GET|POST|PATCH|PUT|DELETE) \S+ \(.+\)\n/, 'names the request, to reproduce it');
    expect(check.message).to.include('Received').and.include('/ Documented');
    for (const phrase of phrases) expect(check.message).to.include(phrase);
  }

  it('catches location names returned in another case, with a curl that reproduces it, a HAR of the run and a report page', async function () {
    const har = scratchFile('run.har');
    const run = await runAgainst(changesLocationNameCase, ['--checks', 'round-trip', '--har', har]);
    expectFailure(
      run,
      'values_returned_verbatim: POST /products 200',
      'body.location_name: Received "TORONTO DC", the same letters in another case',
      'Documented "Toronto DC", byte for byte as GET /locations lists it',
    );
    const message = run.check('values_returned_verbatim: POST /products 200').message!;
    const curl = /\n {2}reproduce: (curl .+)$/.exec(message)?.[1];
    expect(curl, message).to.match(/^curl -i -X POST 'http:\/\/[\w-]+\.localhost:\d+\/api\/v1\/products' /);
    expect(curl).to.include('-H "Authorization: Token $WH_TOKEN"').and.include('--data-raw \'{"product":');
    expectFailure(run, 'values_returned_verbatim: GET /purchase_orders 200', 'location_name: Received "TORONTO DC"');

    const archive = JSON.parse(readFileSync(har, 'utf8'));
    expect(archive.log.version).to.equal('1.2');
    const sent = Object.values(run.verdict!.run.requests).reduce((sum, count) => sum + count, 0);
    // Every request the checks sent is in it, and the clean-up's and retries' too.
    expect(archive.log.entries.length).to.be.at.least(sent);
    expect(run.stderr).to.include(`Report: ${har}`);
    const text = readFileSync(har, 'utf8');
    const { tokens } = parse(readFileSync(deployment.profile(deployment.ids[runs - 1]!), 'utf8')) as ProfileFile;
    expect(text).to.include('Token [REDACTED]');
    for (const token of [tokens.admin, tokens.read_only, tokens.no_access, tokens.no_admin])
      expect(text).not.to.include((token as { token: string }).token);

    const report = join(run.reportDir, 'report.html');
    expect(run.stderr).to.include(`Report: ${report}`);
    if (!chromiumInstalled()) {
      this.test!.title += ` (the report page not opened: no Chromium at ${CHROMIUM})`;
      return;
    }
    const opened = await openFile(report);
    try {
      const { page } = opened;
      await page.getByRole('heading', { name: 'Warehouse API conformance' }).waitFor();
      expect(await page.locator('.verdict').textContent()).to.equal('FAIL');
      // A failure's details open on a click on its summary.
      const failure = page.locator('details.failure', { hasText: 'values_returned_verbatim: POST /products 200' });
      const received = failure.getByRole('cell', { name: /the same letters in another case/ });
      expect(await received.isVisible()).to.equal(false);
      await failure.locator('summary').click();
      expect(await failure.getAttribute('open')).to.equal('');
      expect(await received.isVisible()).to.equal(true);
      expect(await failure.locator('pre.curl').textContent()).to.match(/^curl -i -X POST /);
      expect(await page.locator('#trace tbody tr').count()).to.be.greaterThan(200);
      expect(await page.locator('#coverage td.failed').count()).to.be.greaterThan(0);
      expect(opened.problems, 'console errors').to.deep.equal([]);
      expect(opened.requests, 'requests besides the page itself').to.deep.equal([]);
    } finally {
      await opened.close();
    }
  });

  it('catches times rendered in UTC instead of the warehouse zone, and nothing about how they were read', async () => {
    const run = await runAgainst(rendersUtc, ['--checks', 'time-zones']);
    expectFailure(
      run,
      'rendered_in_entity_zone: POST /purchase_orders 200',
      'expected_starts_at: Received',
      'America/Toronto',
      'daylight-saving',
    );
    expectFailure(run, 'rendered_in_entity_zone: GET /products 200', 'created_at', 'America/Toronto');
    expect(run.check('offset_less_input_read_in_warehouse_zone').state).to.equal('passed');
    expect(run.check('unassigned_rendered_in_utc').state).to.equal('passed');
  });

  it('catches a missing Total-Count header on every page', async () => {
    const run = await runAgainst(dropsTotalCount, ['--checks', 'pagination']);
    expectFailure(
      run,
      'pagination_headers_present: GET /products 200',
      'page 1: header Total-Count: Received no header',
    );
    expectFailure(
      run,
      'pagination_headers_consistent: GET /products 200',
      'page 1: header Total-Count: Received no header / Documented 3',
    );
    expect(run.check('pagination_links_correct').state).to.equal('passed');
  });

  it('skips the contract version check, saying why, on a deployment that names no version, and records none', async () => {
    const run = await runAgainst(namesNoContractVersion, [
      '--checks',
      'pagination,contract-version',
      '--grep',
      'contract_version_named|pagination_headers_present',
    ]);
    expect(run.verdict!.deployment.contract_version).to.equal(null);
    expect(run.check('contract_version_named')).to.deep.include({
      state: 'skipped',
      reason:
        'needs contract 1.1.0 or later; the deployment implements a version before 1.1.0 (it sends no Contract-Version)',
    });
  });

  it('catches a deployment of another major version of the contract, and records its version', async () => {
    const run = await runAgainst(namesNextMajor, ['--checks', 'contract-version', '--grep', 'contract_version_named']);
    expect(run.verdict!.deployment.contract_version).to.equal('9.0.0');
    expectFailure(run, 'contract_version_named: GET /locations 200', 'Contract-Version: Received "9.0.0"');
  });

  it('catches Contract-Version left off error answers, only in the check that reads every answer', async () => {
    // The schemas group reads the headers of 4xx answers too, and must not be what catches it.
    const run = await runAgainst(versionOnSuccessesOnly, ['--checks', 'schemas,contract-version']);
    expect(run.verdict!.deployment.contract_version).to.equal(CONTRACT_VERSION);
    expectFailure(
      run,
      'contract_version_on_every_answer: GET /locations 401',
      'Contract-Version of 401 answers: Received no header on ',
      'Contract-Version of 404 answers: Received no header on ',
      'Contract-Version of 422 answers: Received no header on ',
      'on every answer: errors, refusals and 429s too (decision 351)',
    );
    const failed = run.verdict!.checks.filter((check) => check.state === 'failed').map((check) => check.check);
    expect(failed).to.deep.equal(['contract_version_on_every_answer']);
  });

  it('catches Link URLs that drop the location filter the caller supplied', async () => {
    const run = await runAgainst(linkDropsLocationFilter, ['--checks', 'pagination']);
    expectFailure(
      run,
      'link_keeps_location_filter_only_when_supplied: GET /products 200',
      'Link: Received http://',
      'location_name=Toronto DC kept',
    );
    expectFailure(
      run,
      'link_keeps_location_filter_only_when_supplied: GET /purchase_orders 200',
      'location_name=Toronto DC kept',
    );
    expect(run.check('pagination_headers_consistent').state).to.equal('passed');
  });

  it('catches a deployment that never answers 429', async () => {
    const run = await runAgainst(noRateLimit, ['--checks', 'rate-limits']);
    expectFailure(
      run,
      'rate_limit_exceeded_refused: GET /locations 429',
      'Received no 429 after 250 requests',
      'Documented 429 once 120 requests',
    );
  });

  it('catches 403 where a missing or invalid token must be 401', async () => {
    const run = await runAgainst(forbiddenForBadTokens, ['--checks', 'status-codes', '--grep', 'token|forbidden']);
    expectFailure(
      run,
      'missing_token_rejected: GET /locations 401',
      'status: Received 403',
      'Documented 401 when the Authorization header is missing (§5 rule 5)',
    );
    expectFailure(run, 'invalid_token_rejected: GET /products 401', 'status: Received 403');
    expect(run.check('inaccessible_location_forbidden').state).to.equal('passed');
  });

  it('catches products without their owner in a check of its own, and reports the path of the first schema mismatch', async () => {
    const run = await runAgainst(productsWithoutLocationName, [
      '--checks',
      'records,schemas',
      '--grep',
      'owner_in_every_product_answer|response_schema_conformance: (GET|POST) /products ',
    ]);
    expectFailure(
      run,
      'owner_in_every_product_answer: GET /products 200',
      'create: location_name: Received no such field',
      'the owning warehouse: included in list, show, create and update responses (§2.2)',
    );
    expectFailure(
      run,
      'response_schema_conformance: GET /products 200',
      'body/0/location_name: Received no such property / ' +
        "Documented a value that must have required property 'location_name'",
    );
    expectFailure(
      run,
      'response_schema_conformance: POST /products 200',
      'body/location_name: Received no such property',
    );
    expect(run.check('response_schema_conformance: GET /products 404').state).to.equal('passed');
  });

  it('catches location names matched only exactly', async () => {
    const run = await runAgainst(exactLocationNames(['Toronto DC', 'Vancouver DC', 'Auckland DC']), [
      '--checks',
      'location-rules',
      '--grep',
      'case_insensitive',
    ]);
    expectFailure(run, 'location_name_case_insensitive: GET /products 200', 'status: Received 404', '§4.1 rule 1');
  });

  it("catches a 429 naming the hourly limit when the minute's was exceeded, which no other check notices", async () => {
    const run = await runAgainst(namesHourlyLimit, [
      '--checks',
      'rate-limits',
      '--grep',
      'rate_limit_(exceeded_refused|names_limit_exceeded|remaining_zero_on_refusal|reset_is_iso_utc)|no_retry_after',
    ]);
    expectFailure(
      run,
      'rate_limit_names_limit_exceeded: GET /locations 429',
      'header X-RateLimit-Limit: Received "5000" after 120 requests',
      'Documented 120, the limit exceeded: 121 requests within a minute exceed the 120 a minute',
    );
    expect(run.verdict!.checks.filter((check) => check.state !== 'passed').map((check) => check.check)).to.deep.equal([
      'rate_limit_names_limit_exceeded',
    ]);
  });

  it('names the proxy headers when Link points at another origin, and blocks the checks that walk the links', async () => {
    const run = await runAgainst(linkToInternalHost, ['--checks', 'pagination', '--grep', 'GET /products ']);
    const title = 'links_stay_within_list: GET /products 200';
    expectFailure(
      run,
      title,
      'Link rel="next": Received http://wh-internal:8080/api/v1/products?',
      "another origin than the request's",
      'X-Forwarded-Host and X-Forwarded-Proto',
      'WH_TRUST_PROXY=1 on the reference server',
    );
    for (const blocked of ['pagination_headers_present', 'pagination_headers_consistent', 'pagination_links_correct']) {
      const check = run.check(`${blocked}: GET /products 200`);
      expect(check.state, blocked).to.equal('blocked');
      expect(check.blocked_by).to.equal(`${title} [§8]`);
      expect(check.reason).to.include(
        'product pages could not be had: Link rel="next": Received http://wh-internal:8080',
      );
    }
    expect(run.verdict!.summary.failed, 'the cause is reported once').to.equal(1);
  });

  it('reports once that the budget cannot be waited for when X-RateLimit-Reset is in epoch seconds, and blocks the rest', async () => {
    const id = deployment.ids[runs]!;
    const { tokens } = parse(readFileSync(deployment.profile(id), 'utf8')) as ProfileFile;
    const admin = (tokens.admin as { token: string }).token;
    const run = await runAgainst(budgetResetInEpochSeconds(admin, 4), [
      '--checks',
      'status-codes',
      '--grep',
      '/products',
    ]);
    const failed = run.verdict!.checks.filter((check) => check.state === 'failed');
    expect(
      failed.map((check) => check.title),
      'the cause is reported once',
    ).to.have.length(1);
    expect(failed[0]!.message)
      .to.match(
        /status: Received 429 with X-RateLimit-Reset "\d{10}", epoch seconds \(\d{4}-\d{2}-\d{2}T[\d:]+Z\) where ISO 8601 is documented/,
      )
      .and.include('blocks: the other checks that need the rate-limit budget of admin, organization interface');
    const blocked = run.verdict!.checks.filter((check) => check.state === 'blocked');
    expect(blocked.length).to.be.greaterThan(5);
    for (const check of blocked) expect(check.blocked_by, check.title).to.equal(failed[0]!.title);
    expect(run.verdict!.summary.blocked).to.equal(blocked.length);
    expect(run.stderr).to.include('Blocked (something they need could not be had');
    expect(run.junit).to.include('<skipped message="blocked: the rate-limit budget of admin, organization interface');
  });

  it("names a zone's standard offset in its daylight-saving period", async () => {
    const run = await runAgainst(standardOffsetAllYear, ['--checks', 'time-zones', '--grep', 'POST /purchase_orders']);
    expectFailure(
      run,
      'rendered_in_entity_zone: POST /purchase_orders 200',
      "America/Toronto's standard offset -05:00 in its daylight-saving period (-04:00 on",
      'daylight saving was not applied',
    );
    expect(run.check('offset_less_input_read_in_warehouse_zone').state, 'the instants are right').to.equal('passed');
  });

  it('catches events of updates without previous_attributes, and only in the check that reads them', async () => {
    const run = await runAgainst(eventsWithoutPreviousAttributes, ['--checks', 'events']);
    expectFailure(
      run,
      'write_events_in_order: GET /events 200',
      'company.updated data.previous_attributes.city: Received no previous_attributes / Documented null',
    );
    expect(run.check('event_cursor_resumes').state).to.equal('passed');
  });

  it('catches deletes without events, in the check of the whole run and in that of its own writes', async () => {
    const run = await runAgainst(noDeleteEvents, ['--checks', 'events']);
    expectFailure(run, 'suite_writes_evented: GET /events 200', 'events: Received none for company.deleted companies/');
    expectFailure(
      run,
      'write_events_in_order: GET /events 200',
      'company.created, company.updated, purchase_order.created',
    );
    expect(run.check('event_cursor_resumes').state).to.equal('passed');
  });

  it('catches webhook deliveries that the secret the create showed does not verify, only in the check that verifies them', async () => {
    const run = await runAgainst(showsAnotherWebhookSecret, ['--checks', 'webhooks']);
    expectFailure(
      run,
      'webhook_delivery_signed: POST /webhook_endpoints 200',
      'header webhook-signature: Received "v1,',
      'no webhook signature matches the secret',
      'under the whsec_ secret the create answered',
    );
    expect(run.check('failed_delivery_retried').state).to.equal('passed');
    expect(run.check('redelivery_sends_again').state).to.equal('passed');
  });

  it('catches a delivery listed without its failed attempt, only in the check of the retry', async () => {
    const run = await runAgainst(keepsLastWebhookAttempt, ['--checks', 'webhooks']);
    expectFailure(
      run,
      'failed_delivery_retried: GET /webhook_endpoints/{id}/deliveries 200',
      'Received status "delivered", attempts [204] / Documented status "delivered", attempts [500, ..., 204]',
    );
    expect(run.check('webhook_delivery_signed').state).to.equal('passed');
    expect(run.check('redelivery_sends_again').state).to.equal('passed');
  });
  /** The webhooks group's checks other than `failing` all passed: each fault is caught by its own check(s) alone. */
  function onlyFailing(run: SuiteRun, ...failing: string[]): void {
    const others = run.verdict!.checks.filter((check) => !failing.includes(check.check));
    expect(others.map((check) => [check.title, check.state])).to.deep.equal(
      others.map((check) => [check.title, 'passed']),
    );
  }

  it("catches a receiver's 410 taken for any failure, only in the check of what a 410 causes", async () => {
    const run = await runAgainst(goneTakenForFailure, ['--checks', 'webhooks']);
    expectFailure(
      run,
      'gone_disables_endpoint: POST {endpoint url} 410',
      'body: Received {"enabled":true,"disabled_reason":null} / Documented {"enabled":false,"disabled_reason":"<why>"}',
      'the endpoint receives nothing more until it is enabled again (decision 245)',
    );
    onlyFailing(run, 'gone_disables_endpoint');
  });

  it("catches a receiver's Retry-After ignored, only in the checks of the 429 and the 503", async () => {
    const run = await runAgainst(retryAfterIgnored, ['--checks', 'webhooks']);
    for (const status of [429, 503])
      expectFailure(
        run,
        `retry_after_respected: POST {endpoint url} ${status}`,
        `s after the receiver's ${status} with Retry-After: 1 / Documented not before 1 s`,
      );
    onlyFailing(run, 'retry_after_respected');
  });

  it('catches an endpoint that goes on receiving once disabled, only in the check of a disabled endpoint', async () => {
    const run = await runAgainst(disablesInNameOnly, ['--checks', 'webhooks']);
    expectFailure(
      run,
      'disabled_endpoint_receives_nothing: PATCH /webhook_endpoints/{id} 200',
      'written while the endpoint was disabled',
      'a disabled endpoint receives nothing',
    );
    onlyFailing(run, 'disabled_endpoint_receives_nothing');
  });

  it('catches an endpoint that goes on receiving once deleted, only in the check of a deleted endpoint', async () => {
    const run = await runAgainst(deletesInNameOnly(), ['--checks', 'webhooks']);
    expectFailure(
      run,
      'deleted_endpoint_receives_nothing: DELETE /webhook_endpoints/{id} 204',
      'after the endpoint was deleted: Received ',
      ' (company.updated companies/',
      'a deleted endpoint receives nothing (decision 241)',
    );
    onlyFailing(run, 'deleted_endpoint_receives_nothing');
  });
});
