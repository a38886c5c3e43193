// `whctl conformance` as ops run it: the suite mounted in whctl, a child process against the
// reference server, its verdict told by the exit status.
import { readFileSync } from 'node:fs';
import type { ProfileFile } from '@warehouse-kit/conformance';
import { expect } from 'chai';
import { parse } from 'yaml';
import { scratchFile, startDeployment, type TestDeployment } from './support/deployment.js';
import { rendersUtc } from './support/faults.js';
import { startFaultyProxy } from './support/faulty-proxy.js';
import { whctl } from './support/whctl.js';

describe('whctl conformance', () => {
  let deployment: TestDeployment;

  before(async () => {
    deployment = await startDeployment(2);
  });
  after(() => deployment.stop());

  it('lists every check without contacting a deployment', async () => {
    const run = await whctl(['conformance', 'list']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.include('pagination_headers_consistent').and.include('rate_limit_reset_is_iso_utc');
  });

  it('exits 0 when the selected checks pass against the reference server', async () => {
    const run = await whctl([
      'conformance',
      'run',
      '--deployment',
      deployment.profile(deployment.ids[0]!),
      '--checks',
      'pagination,time-zones',
    ]);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout)
      .to.match(/\d+ passing/)
      .and.not.match(/failing/);
  });

  it('init declares what the reference server honours, as its own profile does: unpaid locations, every extension', async () => {
    const id = deployment.ids[0]!;
    const file = scratchFile('init.yaml');
    const run = await whctl(
      ['conformance', 'init', '--organization', `http://${id}.localhost:${deployment.server.port}`, '--file', file],
      { env: { WH_TOKEN: `${id}-admin-token` } },
    );
    expect(run.code, run.stderr).to.equal(0);
    const read = (path: string) => parse(readFileSync(path, 'utf8')) as ProfileFile;
    const [written, reference] = [read(file), read(deployment.profile(id))];
    const paid = (profile: ProfileFile) => profile.locations.map((location) => [location.name, location.paid ?? true]);
    expect(paid(written)).to.have.deep.members(paid(reference));
    expect(paid(written).some(([, isPaid]) => !isPaid)).to.equal(true);
    expect(written.extensions).to.deep.equal({ idempotency: true, etags: true, events: true, webhooks: true });
    expect(written.extensions).to.deep.equal(reference.extensions);
    expect(run.stderr).to.include(
      'The deployment answered as honouring: idempotency, etags, events, webhooks; unpaid: ',
    );
  });

  it('exits 1 naming the failed check when the deployment deviates', async () => {
    const proxy = await startFaultyProxy(deployment.server.port, rendersUtc);
    try {
      const run = await whctl([
        'conformance',
        'run',
        '--deployment',
        deployment.profile(deployment.ids[1]!, proxy.port),
        '--checks',
        'time-zones',
      ]);
      expect(run.code).to.equal(1);
      expect(run.stdout).to.include('rendered_in_entity_zone').and.include('Received').and.include('Documented');
    } finally {
      await proxy.close();
    }
  });

  it('exits 2 with a one-line reason for an unusable profile', async () => {
    const run = await whctl(['conformance', 'run', '--deployment', '/nowhere/deployment.yaml']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.match(/^whctl: \/nowhere\/deployment.yaml is not a usable conformance profile/);
    expect(run.stderr).not.to.include('    at ');
  });
});
