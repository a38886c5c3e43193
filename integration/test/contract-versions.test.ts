// The contract version as ops see it against the reference server (issue 35): whctl names the
// kit's and the deployment's, and the deployment serves exactly the working spec, so the diff
// between the two is empty.

import { readFileSync } from 'node:fs';
import { CONTRACT_VERSION } from '@warehouse-kit/spec';
import { specPath } from '@warehouse-kit/spec/document';
import { startWorld, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { json, whctl } from './support/whctl.js';

describe('contract versions against the reference server', () => {
  let server: TestServer;
  let world: World;
  before(async () => ({ server, world } = await startWorld({ baseHost: 'localhost' })));
  after(() => server.close());

  it("prints the kit's version, and with --base-url the deployment's contract version", async () => {
    const kit = JSON.parse(readFileSync(new URL('../../../cli/package.json', import.meta.url), 'utf8')).version;
    const plain = await whctl(['--version']);
    expect(plain.stdout).to.equal(`${kit}\n`);
    const run = await whctl(['--version', '--base-url', world.url()]);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal(`${kit}\ndeployment ${world.url()}: contract ${CONTRACT_VERSION}\n`);
  });

  it('finds no change between spec/openapi.yaml and the openapi.json the deployment serves', async () => {
    const run = await whctl([
      'contract',
      'diff',
      specPath,
      `http://localhost:${server.port}/api/v1/openapi.json`,
      '-o',
      'json',
    ]);
    expect(run.code, run.stderr).to.equal(0);
    expect(json(run)).to.deep.equal([]);
  });
});
