import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { SERVER_BIN, startChildServer, stopChildServer } from '../src/testing/child-server.js';
import { send } from '../src/testing/http.js';
import { TEST_BASE_HOST } from '../src/testing/server.js';
import { uniqueId } from '../src/testing/world.js';
import { childEnv, fixtureFile } from './support/child-env.js';

const env = () => childEnv();

describe('wh-server', () => {
  it('starts with a fixture, prints its addresses and users but none of its tokens, serves the API', async () => {
    const id = uniqueId('s');
    const { child, port, output } = await startChildServer(['--fixture', fixtureFile(id)], env());
    try {
      expect(output())
        .to.include(`http://${id}.${TEST_BASE_HOST}:${port}/api/v1`)
        .and.include(`http://${TEST_BASE_HOST}:${port}/docs`)
        .and.include('user admin; Toronto DC: admin');
      expect(output()).not.to.include('-token');
      const res = await send(port, `${id}.${TEST_BASE_HOST}`, 'GET', '/api/v1/locations', {
        headers: { authorization: `Token ${id}-admin-token` },
      });
      expect(res.status).to.equal(200);
      expect(res.body.map((l: { name: string }) => l.name)).to.deep.equal([
        'Auckland DC',
        'Toronto DC',
        'Vancouver DC',
      ]);
    } finally {
      expect(await stopChildServer(child)).to.equal(0);
    }
    expect(output()).not.to.include(`${id}-admin-token`);
  });

  it('serves the bundled demo with --demo, printing its demo tokens, a curl line, a whctl listen line and the docs page', async () => {
    const { child, port, output } = await startChildServer(['--demo'], env());
    try {
      expect(output())
        .to.include('token acme-admin-token')
        .and.include(`try: curl -H 'Authorization: Token acme-admin-token' http://acme.${TEST_BASE_HOST}:${port}`)
        .and.include(`API reference  http://${TEST_BASE_HOST}:${port}/docs`)
        .and.include(
          `events: whctl listen --base-url http://acme.${TEST_BASE_HOST}:${port} --token acme-admin-token --forward-to http://localhost:4242/hook`,
        );
      const res = await send(port, `acme.${TEST_BASE_HOST}`, 'GET', '/api/v1/locations', {
        headers: { authorization: 'Token acme-admin-token' },
      });
      expect(res.status).to.equal(200);
    } finally {
      await stopChildServer(child);
    }
  });

  it('refuses --demo together with --fixture', () => {
    const result = spawnSync(process.execPath, [SERVER_BIN, 'start', '--demo', '--fixture', fixtureFile('x')], {
      env: env(),
      encoding: 'utf8',
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.equal('wh-server: --fixture and --demo cannot be used together');
  });

  it('migrates and provisions idempotently from the command line', () => {
    const id = uniqueId('s');
    const file = fixtureFile(id);
    const migrate = spawnSync(process.execPath, [SERVER_BIN, 'migrate'], { env: env(), encoding: 'utf8' });
    expect(migrate.status, migrate.stderr).to.equal(0);
    expect(migrate.stdout).to.include('up to date');
    for (let run = 0; run < 2; run++) {
      const result = spawnSync(process.execPath, [SERVER_BIN, 'provision', file], { env: env(), encoding: 'utf8' });
      expect(result.status, result.stderr).to.equal(0);
      expect(result.stdout).to.include(`provisioned ${id}`);
      expect(result.stdout).not.to.include(`${id}-admin-token`);
    }
  });

  it('fails with a one-line reason and exit status 1 for an invalid file', () => {
    const file = join(tempDir('wh-fixture-'), 'bad.yaml');
    writeFileSync(file, 'organizations:\n  - name: Broken\n');
    const result = spawnSync(process.execPath, [SERVER_BIN, 'provision', file], { env: env(), encoding: 'utf8' });
    expect(result.status).to.equal(1);
    expect(result.stderr).to.include('is not a valid provisioning file').and.include('subdomain');
    expect(result.stderr).not.to.include('    at ');
  });

  it('refuses a port already in use with a one-line reason and exit status 1', async () => {
    const { child, port } = await startChildServer([], env());
    try {
      const second = spawnSync(process.execPath, [SERVER_BIN, 'start', '--port', String(port)], {
        env: env(),
        encoding: 'utf8',
      });
      expect(second.status).to.equal(1);
      expect(second.stderr).to.include(`port ${port} is already in use`);
      expect(second.stderr).not.to.include('    at ');
    } finally {
      await stopChildServer(child);
    }
  });

  it('rejects an invalid port before starting', () => {
    const result = spawnSync(process.execPath, [SERVER_BIN, 'start', '--port', 'eighty'], {
      env: env(),
      encoding: 'utf8',
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.equal('wh-server: --port must be an integer from 0 to 65535, got "eighty"');
  });
});
