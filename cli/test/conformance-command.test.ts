import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  catalogue,
  extensionRules,
  ProfileError,
  type ProfileFile,
  referenceRules,
  tracedRules,
} from '@warehouse-kit/conformance';
import { tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { CommanderError } from 'commander';
import { stringify } from 'yaml';
import { conformanceCommand } from '../src/commands/conformance/index.js';
import { createProgram } from '../src/program.js';
import { whctl } from './support/whctl.js';

function profileFile(profile: ProfileFile): string {
  const file = join(tempDir('wh-conformance-'), 'profile.yaml');
  writeFileSync(file, stringify(profile));
  return file;
}

// Port 9 (discard) on the loopback address: nothing listens there in a test run.
const unreachable: ProfileFile = {
  organization: 'http://acme.localhost:9',
  locations: [{ name: 'Toronto DC', address: 'http://acme-toronto.localhost:9', time_zone: 'America/Toronto' }],
  tokens: { admin: { token_env: 'CONFORMANCE_TEST_ADMIN_TOKEN' } },
};
const withToken = { CONFORMANCE_TEST_ADMIN_TOKEN: 'some-token' };

/** `whctl conformance ...args`, asked to write its reports, so a test can tell that none were written. */
async function runSuite(args: string[], env: Record<string, string> = {}) {
  const reportDir = tempDir('wh-conformance-report-');
  const run = await whctl(['conformance', ...args, '--report-dir', reportDir], { env });
  return { ...run, verdictWritten: existsSync(join(reportDir, 'verdict.json')) };
}

describe('conformance run command', () => {
  it('exits 2 without running anything when a token variable is not set, saying which', async () => {
    const run = await runSuite(['run', '--deployment', profileFile(unreachable)], { CONFORMANCE_TEST_ADMIN_TOKEN: '' });
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include(
      'tokens.admin.token_env: environment variable CONFORMANCE_TEST_ADMIN_TOKEN is not set',
    );
    expect(run.stderr).not.to.include('    at ');
    expect(run.verdictWritten).to.equal(false);
  });

  it('exits 2 for a time zone that is not an IANA zone and a missing required entry, naming both places', async () => {
    const broken = {
      ...unreachable,
      locations: [{ ...unreachable.locations[0]!, time_zone: 'Eastern' }],
      tokens: {},
    } as unknown as ProfileFile;
    const run = await runSuite(['run', '--deployment', profileFile(broken)], withToken);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include("tokens must have required property 'admin'");
    const fixed = await runSuite(
      ['run', '--deployment', profileFile({ ...broken, tokens: unreachable.tokens })],
      withToken,
    );
    expect(fixed.stderr).to.include('locations[0].time_zone: Eastern is not an IANA time zone');
  });

  it('exits 2 for a check group that does not exist, listing those that do', async () => {
    const run = await runSuite(
      ['run', '--deployment', profileFile(unreachable), '--checks', 'status-codes,speed'],
      withToken,
    );
    expect(run.code).to.equal(2);
    expect(run.stderr)
      .to.include('unknown check group "speed"')
      .and.include('reference, status-codes, records, location-rules');
  });

  it('exits 2 for a robustness budget below 40 requests or a seed that is not a whole number', async () => {
    for (const [option, value] of [
      ['--budget', '39'],
      ['--seed', '4.2'],
    ] as const) {
      const run = await runSuite(
        ['run', '--deployment', profileFile(unreachable), '--checks', 'robustness', option, value],
        withToken,
      );
      expect(run.code, `${option} ${value}`).to.equal(2);
      expect(run.stderr).to.include(option).and.include('expected a whole number');
    }
  });

  it('exits 2 when the deployment cannot be reached, before any check runs', async () => {
    const run = await runSuite(['run', '--deployment', profileFile(unreachable)], withToken);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('organization: http://acme.localhost:9 cannot be reached');
    expect(run.stdout).not.to.include('Status codes');
  });

  it('exits 2 when --deployment is missing, saying what it needs, also when only the global --profile is given', async () => {
    for (const args of [
      ['conformance', 'run'],
      ['--profile', 'staging', 'conformance', 'run'],
    ]) {
      const run = await whctl(args);
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr).to.include('--deployment <file> is required').and.not.include('deprecated');
    }
  });

  /** How `whctl ...args` (the suite mounted in whctl, in process) reads a command line that names no readable file. */
  async function parsed(args: string[]): Promise<{ file: string; globalProfile: unknown }> {
    const program = createProgram().addCommand(conformanceCommand());
    const error = await program.parseAsync(args, { from: 'user' }).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).to.be.instanceOf(ProfileError);
    return { file: (error as ProfileError).file, globalProfile: program.opts().profile };
  }

  it('reads the file --deployment or -d names, leaving whctl the global --profile of the same line', async () => {
    expect(await parsed(['conformance', 'run', '--deployment', '/nowhere/deployment.yaml'])).to.deep.equal({
      file: '/nowhere/deployment.yaml',
      globalProfile: undefined,
    });
    expect(
      await parsed(['--profile', 'staging', 'conformance', 'run', '-d', '/nowhere/deployment.yaml']),
    ).to.deep.equal({ file: '/nowhere/deployment.yaml', globalProfile: 'staging' });
    expect(
      await parsed(['conformance', 'run', '--deployment', '/nowhere/deployment.yaml', '--profile', 'staging']),
    ).to.deep.equal({ file: '/nowhere/deployment.yaml', globalProfile: 'staging' });
  });

  it('still takes the old spelling, --profile or -p after the command, with a deprecation note', async () => {
    expect(await parsed(['conformance', 'run', '--profile', '/nowhere/old.yaml'])).to.include({
      file: '/nowhere/old.yaml',
    });
    expect(await parsed(['--profile', 'staging', 'conformance', 'run', '-p', '/nowhere/old.yaml'])).to.deep.equal({
      file: '/nowhere/old.yaml',
      globalProfile: 'staging',
    });
    for (const spelling of [
      ['--profile', '/nowhere/old.yaml'],
      ['--profile=/nowhere/old.yaml'],
      ['-p', '/nowhere/old.yaml'],
    ]) {
      const run = await whctl(['conformance', 'run', ...spelling]);
      expect(run.code, spelling.join(' ')).to.equal(2);
      expect(run.stderr)
        .to.include('conformance run --profile <file> is deprecated')
        .and.include('use --deployment <file>')
        .and.include('/nowhere/old.yaml is not a usable conformance profile');
    }
  });

  it('says nothing of the old spelling when --deployment is used beside the global --profile', async () => {
    const run = await whctl(['--profile', 'staging', 'conformance', 'run', '--deployment', '/nowhere/deployment.yaml']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('/nowhere/deployment.yaml is not a usable').and.not.include('deprecated');
  });

  it('throws usage errors to the command that mounts it instead of exiting', async () => {
    const conformance = conformanceCommand();
    // Commander still prints its message; the test needs only the error.
    for (const command of conformance.commands) command.configureOutput({ writeErr: () => undefined });
    const program = createProgram().addCommand(conformance);
    const error = await program.parseAsync(['conformance', 'run', '--no-such-option'], { from: 'user' }).then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).to.be.instanceOf(CommanderError);
  });

  it('prints every check by group with `conformance list`, without a deployment', async () => {
    const run = await whctl(['conformance', 'list']);
    expect(run.code).to.equal(0);
    expect(run.stdout).to.include('status-codes (the API reference)').and.include('decisions (our decisions and spec)');
    for (const check of catalogue()) expect(run.stdout).to.include(check.title);
  });

  it("prints every rule of the reference and of the spec's extensions with the checks that verify it with `conformance list --trace`", async () => {
    const text = await whctl(['conformance', 'list', '--trace']);
    expect(text.code, text.stderr).to.equal(0);
    expect(text.stdout)
      .to.include('\n§8 Limits\n')
      .and.match(/\n {2}§8\.limits\.reset-iso-utc {2}`X-RateLimit-Reset`/);
    expect(text.stdout).to.include('      rate-limits: rate_limit_reset_is_iso_utc: GET /locations 429 [§8]\n');
    expect(text.stdout)
      .to.include('\nwebhooks.deliverEvent.410: POST {endpoint url} 410\n')
      .and.include('      webhooks: gone_disables_endpoint: POST {endpoint url} 410 [decision 248]\n')
      .and.include('  webhooks.createWebhookEndpoint.at-most-20  An organization has at most 20 endpoints (422).\n')
      .and.include('      unchecked (costs more than a run may spend): would create 20 endpoints');
    expect(text.stdout).to.match(
      /\n\d+ rules: \d+ checked, \d+ unchecked.*; \d+ open points, .*; \d+ rules of the spec's extensions: \d+ checked, \d+ unchecked \(.*\d+ no check yet\); \d+ checks\.\n$/,
    );

    const json = await whctl(['conformance', 'list', '--trace', '--format', 'json']);
    const { rules, summary } = JSON.parse(json.stdout) as {
      rules: { id: string; kind: string; checks: string[]; unchecked?: { why: string; detail: string } }[];
      summary: {
        rules: number;
        checked: number;
        unchecked: number;
        checks: number;
        extensions: { rules: number; checked: number; unchecked: number };
      };
    };
    const expected = referenceRules();
    expect(rules.map((rule) => rule.id)).to.deep.equal(tracedRules().map((rule) => rule.id));
    expect(summary.checks).to.equal(catalogue().length);
    expect(summary.checked + summary.unchecked).to.equal(expected.filter((rule) => rule.kind === 'rule').length);
    const reset = rules.find((rule) => rule.id === '§8.limits.reset-iso-utc')!;
    expect(reset.checks).to.deep.equal(['rate-limits: rate_limit_reset_is_iso_utc: GET /locations 429 [§8]']);
    for (const rule of rules.filter((each) => each.unchecked)) expect(rule.checks, rule.id).to.deep.equal([]);
    const { extensions } = summary;
    expect(extensions.rules).to.equal(extensionRules().length);
    expect(extensions.checked + extensions.unchecked).to.equal(extensions.rules);
  });

  it('prints the checks as JSON with `conformance list --format json`, each with the rules it verifies', async () => {
    const run = await whctl(['conformance', 'list', '--format', 'json']);
    expect(run.code, run.stderr).to.equal(0);
    const checks = JSON.parse(run.stdout) as { title: string; verifies: string[] }[];
    expect(checks.map((check) => check.title)).to.deep.equal(catalogue().map((check) => check.title));
    expect(checks.find((check) => check.title.startsWith('missing_token_rejected'))!.verifies).to.include(
      '§5.rule-5.401',
    );
  });

  it('lists the groups and the exit statuses in its help', async () => {
    const run = await whctl(['conformance', 'run', '--help']);
    expect(run.code).to.equal(0);
    // Commander wraps the help to the terminal width.
    const help = run.stdout.replace(/\s+/g, ' ');
    expect(help).to.include(
      'reference, status-codes, records, location-rules, time-zones, pagination, round-trip, order-rules, bulk-uploads, ' +
        'schemas, decisions, extensions, events, webhooks, robustness, rate-limits, contract-version (default: all but ' +
        'robustness)',
    );
    expect(help).to.include('--budget <requests>').and.include('--seed <n>');
    expect(help).to.include('--allow-appointments').and.include('--har <file>').and.include('130 interrupted');
    expect(help).to.include('-d, --deployment <file>').and.not.include('-p, --profile');
  });
});
