import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { CommanderError } from 'commander';
import { createProgram } from '../../cli/program.js';
import { conformanceCommand } from '../command.js';
import { ProfileError } from '../errors.js';
import type { ProfileFile } from '../profile.js';
import { scratchFile } from './support/deployment.js';
import { runSuite } from './support/run-suite.js';

function profileFile(profile: ProfileFile): string {
  const file = scratchFile('profile.yaml');
  writeFileSync(file, stringify(profile));
  return file;
}

// Port 9 (discard) on the loopback address: nothing listens there in a test run.
const unreachable: ProfileFile = {
  organization: 'http://acme.localhost:9',
  locations: [{ name: 'Toronto DC', address: 'http://acme-toronto.localhost:9', time_zone: 'America/Toronto' }],
  tokens: { admin: { token_env: 'CONFORMANCE_TEST_ADMIN_TOKEN' } },
};
const withToken = { ...process.env, CONFORMANCE_TEST_ADMIN_TOKEN: 'some-token' };

describe('conformance run command', () => {
  it('exits 2 without running anything when a token variable is not set, saying which', async () => {
    const run = await runSuite(['run', '--profile', profileFile(unreachable)], { env: { ...process.env, CONFORMANCE_TEST_ADMIN_TOKEN: '' } });
    expect(run.status).to.equal(2);
    expect(run.stderr).to.include('tokens.admin.token_env: environment variable CONFORMANCE_TEST_ADMIN_TOKEN is not set');
    expect(run.stderr).not.to.include('    at ');
    expect(run.verdict).to.equal(undefined);
  });

  it('exits 2 for a time zone that is not an IANA zone and a missing required entry, naming both places', async () => {
    const broken = { ...unreachable, locations: [{ ...unreachable.locations[0]!, time_zone: 'Eastern' }], tokens: {} } as unknown as ProfileFile;
    const run = await runSuite(['run', '--profile', profileFile(broken)], { env: withToken });
    expect(run.status).to.equal(2);
    expect(run.stderr).to.include("tokens must have required property 'admin'");
    const fixed = await runSuite(['run', '--profile', profileFile({ ...broken, tokens: unreachable.tokens })], { env: withToken });
    expect(fixed.stderr).to.include('locations[0].time_zone: Eastern is not an IANA time zone');
  });

  it('exits 2 for a check group that does not exist, listing those that do', async () => {
    const run = await runSuite(['run', '--profile', profileFile(unreachable), '--checks', 'status-codes,speed'], { env: withToken });
    expect(run.status).to.equal(2);
    expect(run.stderr).to.include('unknown check group "speed"').and.include('reference, status-codes, location-rules');
  });

  it('exits 2 when the deployment cannot be reached, before any check runs', async () => {
    const run = await runSuite(['run', '--profile', profileFile(unreachable)], { env: withToken });
    expect(run.status).to.equal(2);
    expect(run.stderr).to.include('organization: http://acme.localhost:9 cannot be reached');
    expect(run.stdout).not.to.include('Status codes');
  });

  it('exits 2 when --profile is missing, saying what it needs', async () => {
    const run = await runSuite(['run'], { noReports: true });
    expect(run.status).to.equal(2);
    expect(run.stderr).to.include('--profile <file> is required');
  });

  it("takes --profile when mounted under whctl, whose own global --profile would otherwise swallow it", async () => {
    const program = createProgram().addCommand(conformanceCommand());
    const parsing = program.parseAsync(['conformance', 'run', '--profile', '/nowhere/deployment.yaml'], { from: 'user' });
    const error = await parsing.then(() => undefined, (rejection: unknown) => rejection);
    expect(error).to.be.instanceOf(ProfileError);
    expect((error as ProfileError).file).to.equal('/nowhere/deployment.yaml');
  });

  it('throws usage errors to the command that mounts it instead of exiting', async () => {
    const conformance = conformanceCommand();
    // Commander still prints its message; the test needs only the error.
    for (const command of conformance.commands) command.configureOutput({ writeErr: () => undefined });
    const program = createProgram().addCommand(conformance);
    const error = await program.parseAsync(['conformance', 'run', '--no-such-option'], { from: 'user' }).then(() => undefined, (rejection: unknown) => rejection);
    expect(error).to.be.instanceOf(CommanderError);
  });

  it('lists the groups and the exit statuses in its help', async () => {
    const run = await runSuite(['run', '--help'], { noReports: true });
    expect(run.status).to.equal(0);
    // Commander wraps the help to the terminal width.
    const help = run.stdout.replace(/\s+/g, ' ');
    expect(help).to.include('reference, status-codes, location-rules, time-zones, pagination, schemas, decisions, rate-limits');
    expect(help).to.include('--allow-appointments').and.include('130 interrupted');
  });
});
