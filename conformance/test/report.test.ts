import { expect } from 'chai';
import { catalogue } from '../src/catalogue.js';
import { coverageOf } from '../src/report/coverage.js';
import { renderReport } from '../src/report/html.js';
import { traceOfRun } from '../src/trace.js';
import type { CheckResult, Verdict } from '../src/verdict.js';

const HOSTILE = '<script>alert("x")</script><img src=x onerror=alert(1)>';

/** A verdict as a run against a deployment answering hostile text would write it. */
function verdictWith(checks: CheckResult[]): Verdict {
  return {
    verdict: 'fail',
    deployment: {
      organization: `https://acme.example.com/${HOSTILE}`,
      profile: 'deployment.yaml',
      contract_version: `1.1.0${HOSTILE}`,
    },
    run: {
      prefix: 'cf-1a2b3c4d',
      suite_version: '0.1.0',
      contract_version: '1.1.0',
      started_at: '2026-11-24T12:00:00.000Z',
      finished_at: '2026-11-24T12:01:00.000Z',
      duration_ms: 60_000,
      groups: ['status-codes'],
      allow_appointments: false,
      requests: {},
    },
    summary: { total: checks.length, passed: checks.length - 2, failed: 1, skipped: 0, blocked: 1 },
    checks,
    errors: [{ title: 'clean up what the run created', message: HOSTILE }],
    cleanup: { undone: [], left_behind: [`product 7 (${HOSTILE})`] },
    coverage: coverageOf(checks),
    trace: traceOfRun(checks),
  };
}

describe('the HTML report', () => {
  const info = catalogue().filter((check) => check.group === 'status-codes');
  const result = (i: number, state: CheckResult['state'], extra: Partial<CheckResult> = {}): CheckResult => ({
    check: info[i]!.name,
    group: info[i]!.group,
    basis: info[i]!.basis,
    operation: `${info[i]!.method} ${info[i]!.path}`,
    status: info[i]!.status,
    section: info[i]!.section,
    title: info[i]!.title,
    verifies: info[i]!.verifies,
    state,
    ...extra,
  });
  const checks = [
    result(0, 'failed', {
      message: `GET acme.example.com/api/v1/locations (no Authorization header)\n  status: Received 403 ${HOSTILE}`,
      failure: {
        request: 'GET acme.example.com/api/v1/locations (no Authorization header)',
        problems: [
          {
            where: 'status',
            received: `403 ${HOSTILE}`,
            documented: '401 when the Authorization header is missing (§5 rule 5)',
          },
        ],
        reproduce: "curl -i -X GET 'https://acme.example.com/api/v1/locations'",
        notes: [],
      },
    }),
    result(1, 'blocked', { reason: `product at Toronto DC could not be had: ${HOSTILE}`, blocked_by: info[0]!.title }),
    ...info.slice(2).map((_, i) => result(i + 2, 'passed')),
  ];
  const page = renderReport(verdictWith(checks));

  it('escapes everything the run brought back, so no text of the deployment becomes markup', () => {
    expect(page).not.to.include('<script').and.not.include('<img');
    expect(page).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
  });

  it('forbids the page every request, scripts included', () => {
    expect(page).to.include(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    expect(page).not.to.match(/\b(src|href)="(https?:)?\/\//);
  });

  it('shows the verdict, each failure with Received / Documented and its curl, and why a check is blocked', () => {
    expect(page).to.include('<div class="verdict fail">FAIL</div>');
    expect(page).to.include('<th>Received</th><th>Documented</th>');
    expect(page).to.include('401 when the Authorization header is missing (§5 rule 5)');
    expect(page).to.include('curl -i -X GET &#39;https://acme.example.com/api/v1/locations&#39;');
    expect(page).to.include('product at Toronto DC could not be had');
  });

  it("names the deployment's contract version and the suite's (DECISIONS 351)", () => {
    expect(page).to.include('<span class="contract">contract 1.1.0&lt;script&gt;');
    expect(page).to.include('suite 0.1.0 for contract 1.1.0 ·');
  });

  it('traces every rule of the reference and covers every operation of the spec with its documented statuses', () => {
    expect(page).to.include('<td class="id">§8.limits.reset-iso-utc</td>');
    // The extensions' rules too, an untested one with its reason.
    expect(page).to.include('<td class="id">webhooks.deliverEvent.410.disables</td>');
    expect(page).to.match(
      /<td class="id">webhooks\.createWebhookEndpoint\.at-most-20<\/td><td [^>]*>An organization has at most 20 endpoints \(422\)\.<\/td><td><span class="unchecked">untested: costs more than a run may spend<\/span> — would create 20 endpoints/,
    );
    expect(page).to.include('<th class="operation">GET /locations</th>');
    const { coverage } = verdictWith(checks);
    const locations = coverage.operations.find((row) => row.operation === 'GET /locations')!;
    expect(locations.cells['401']!.state).to.equal('failed');
    expect(locations.cells['200']!.state).to.equal('passed');
    expect(locations.cells['404']!.state).to.equal('not exercised');
    expect(coverage.summary.failed).to.equal(1);
  });
});
