import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogue, ProfileError, type ProfileFile } from '@warehouse-kit/conformance';
import { tempDir } from '@warehouse-kit/test-support';
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
    const run = await runSuite(['run', '--profile', profileFile(unreachable)], { CONFORMANCE_TEST_ADMIN_TOKEN: '' });
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
    const run = await runSuite(['run', '--profile', profileFile(broken)], withToken);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include("tokens must have required property 'admin'");
    const fixed = await runSuite(
      ['run', '--profile', profileFile({ ...broken, tokens: unreachable.tokens })],
      withToken,
    );
    expect(fixed.stderr).to.include('locations[0].time_zone: Eastern is not an IANA time zone');
  });

  it('exits 2 for a check group that does not exist, listing those that do', async () => {
    const run = await runSuite(
      ['run', '--profile', profileFile(unreachable), '--checks', 'status-codes,speed'],
      withToken,
    );
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('unknown check group "speed"').and.include('reference, status-codes, location-rules');
  });

  it('exits 2 when the deployment cannot be reached, before any check runs', async () => {
    const run = await runSuite(['run', '--profile', profileFile(unreachable)], withToken);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('organization: http://acme.localhost:9 cannot be reached');
    expect(run.stdout).not.to.include('Status codes');
  });

  it('exits 2 when --profile is missing, saying what it needs', async () => {
    const run = await whctl(['conformance', 'run']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('--profile <file> is required');
  });

  it('takes --profile when mounted under whctl, whose own global --profile would otherwise swallow it', async () => {
    const program = createProgram().addCommand(conformanceCommand());
    const parsing = program.parseAsync(['conformance', 'run', '--profile', '/nowhere/deployment.yaml'], {
      from: 'user',
    });
    const error = await parsing.then(
      () => undefined,
      (rejection: unknown) => rejection,
    );
    expect(error).to.be.instanceOf(ProfileError);
    expect((error as ProfileError).file).to.equal('/nowhere/deployment.yaml');
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

  it('lists the groups and the exit statuses in its help', async () => {
    const run = await whctl(['conformance', 'run', '--help']);
    expect(run.code).to.equal(0);
    // Commander wraps the help to the terminal width.
    const help = run.stdout.replace(/\s+/g, ' ');
    expect(help).to.include(
      'reference, status-codes, location-rules, time-zones, pagination, round-trip, order-rules, bulk-uploads, ' +
        'schemas, decisions, extensions, rate-limits',
    );
    expect(help).to.include('--allow-appointments').and.include('--har <file>').and.include('130 interrupted');
  });
});
