import { readFileSync } from 'node:fs';
import type { ProfileFile } from '@warehouse-kit/conformance';
import { expect } from 'chai';
import { parse } from 'yaml';
import { scratchFile, startDeployment, type TestDeployment } from './support/deployment.js';
import {
  changesLocationNameCase,
  dropsTotalCount,
  exactLocationNames,
  forbiddenForBadTokens,
  linkDropsLocationFilter,
  noRateLimit,
  productsWithoutLocationName,
  rendersUtc,
} from './support/faults.js';
import { type Fault, type FaultyProxy, startFaultyProxy } from './support/faulty-proxy.js';
import { runSuite, type SuiteRun } from './support/run-suite.js';

describe('conformance suite against deliberately broken deployments', () => {
  let deployment: TestDeployment;
  const proxies: FaultyProxy[] = [];
  let runs = 0;

  before(async () => {
    deployment = await startDeployment(8);
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
    return run;
  }

  function expectFailure(run: SuiteRun, title: string, ...phrases: string[]): void {
    const check = run.check(title);
    expect(check.state, `${title} should fail`).to.equal('failed');
    expect(check.message).to.match(/^(GET|POST|PATCH|PUT|DELETE) \S+ \(.+\)\n/, 'names the request, to reproduce it');
    expect(check.message).to.include('Received').and.include('/ Documented');
    for (const phrase of phrases) expect(check.message).to.include(phrase);
  }

  it('catches location names returned in another case, with a curl that reproduces it and a HAR of the run', async () => {
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

  it('reports the path of the first schema mismatch in a body', async () => {
    const run = await runAgainst(productsWithoutLocationName, ['--checks', 'schemas', '--grep', '/products']);
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
});
