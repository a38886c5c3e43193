import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { stringify } from 'yaml';
import { SERVER_BIN, startChildServer, stopChildServer } from '../src/testing/child-server.js';
import { testDatabaseUrl } from '../src/testing/database.js';
import { send, type TestResponse } from '../src/testing/http.js';
import { startTestServer, TEST_BASE_HOST } from '../src/testing/server.js';
import { standardOrganization, uniqueId } from '../src/testing/world.js';

function env() {
  return { ...process.env, DATABASE_URL: testDatabaseUrl(), WH_BASE_HOST: TEST_BASE_HOST };
}

function fixtureFile(id: string): string {
  const file = join(tempDir('wh-fixture-'), 'fixture.yaml');
  writeFileSync(file, stringify({ organizations: [standardOrganization(id)] }));
  return file;
}

describe('wh-server', () => {
  it('starts with a fixture, prints the addresses and tokens, serves the API and stops cleanly', async () => {
    const id = uniqueId('s');
    const { child, port, output } = await startChildServer(['--fixture', fixtureFile(id)], env());
    try {
      expect(output()).to.include(`http://${id}.${TEST_BASE_HOST}:${port}/api/v1`).and.include(`${id}-admin-token`);
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
    expect(output()).not.to.match(/GET .*Token/);
  });

  it('shares rate-limit counters with another server process on the same database', async () => {
    const id = uniqueId('s');
    const { child, port } = await startChildServer(['--fixture', fixtureFile(id)], env());
    const inProcess = await startTestServer();
    try {
      const headers = { authorization: `Token ${id}-admin-token` };
      const ask = (serverPort: number) =>
        send(serverPort, `${id}.${TEST_BASE_HOST}`, 'GET', '/api/v1/locations', { headers });
      const answers: TestResponse[] = [];
      for (let i = 0; i < 120; i++) answers.push(await ask(i % 2 ? port : inProcess.port));
      expect(answers.every((res) => res.status === 200)).to.equal(true);
      expect((await ask(port)).status).to.equal(429);
      expect((await ask(inProcess.port)).status).to.equal(429);
    } finally {
      await inProcess.close();
      await stopChildServer(child);
    }
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
    expect(result.status).not.to.equal(0);
    expect(result.stderr).to.include('port');
  });
});
