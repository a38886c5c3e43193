import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, tempDir } from '@warehouse-kit/testing';
import {
  type ChildServer,
  SERVER_BIN,
  send,
  startChildServer,
  stopChildServer,
  TEST_BASE_HOST,
  uniqueId,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { isRunning } from '../src/db/previous-postgres.js';
import { fixtureFile } from './support/child-env.js';

const exited = (server: ChildServer) =>
  server.child.exitCode !== null || server.child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => server.child.once('exit', () => resolve()));

describe('wh-server start on its embedded PostgreSQL after a crash', function () {
  this.timeout(120_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const lockFile = () => join(dataDir, 'postgres', 'postmaster.pid');
  const postmaster = () => Number.parseInt(readFileSync(lockFile(), 'utf8'), 10);
  const ready = async (server: ChildServer) => (await send(server.port, TEST_BASE_HOST, 'GET', '/readyz')).status;

  before(() => {
    dataDir = tempDir('wh-embedded-');
    chmodSync(dataDir, 0o755);
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    env = { ...inherited, WH_DATA_DIR: dataDir, WH_BASE_HOST: TEST_BASE_HOST };
  });
  // Whatever a failed test left running on the directory.
  after(() => {
    if (existsSync(lockFile()) && isRunning(postmaster())) process.kill(postmaster(), 'SIGINT');
  });

  it('after kill -9 of wh-server alone, stops the PostgreSQL it orphaned and comes up', async () => {
    const first = await startChildServer([], env);
    const orphan = postmaster();
    first.child.kill('SIGKILL');
    await exited(first);
    expect(isRunning(orphan), 'PostgreSQL outlives its wh-server').to.equal(true);

    const second = await startChildServer([], env);
    expect(second.output()).to.include(`stopped the PostgreSQL (pid ${orphan}) an earlier wh-server left running`);
    expect(isRunning(orphan)).to.equal(false);
    expect(await ready(second)).to.equal(200);
    expect(await stopChildServer(second.child)).to.equal(0);
    expect(existsSync(lockFile()), 'the database stopped with the server').to.equal(false);
  });

  it('after kill -9 of its whole process group, removes the stale lock file and comes up with every acknowledged write', async () => {
    const first = await startChildServer(['--demo'], env, { detached: true });
    const admin = { authorization: 'Token acme-admin-token' };
    const created = await send(first.port, `acme.${TEST_BASE_HOST}`, 'POST', '/api/v1/products', {
      headers: admin,
      body: { product: { name: 'Durable', sku: 'DUR-1', location_name: 'Toronto DC' } },
    });
    expect(created.status).to.equal(200);
    const killed = postmaster();
    process.kill(-first.child.pid!, 'SIGKILL');
    await exited(first);
    await eventually('the killed postmaster gone', async () => !isRunning(killed) || undefined, 60_000);
    expect(existsSync(lockFile()), 'the lock file stays behind').to.equal(true);

    const second = await startChildServer([], env);
    expect(second.output()).to.include(`removed the lock file of a PostgreSQL that no longer runs (pid ${killed})`);
    expect(await ready(second)).to.equal(200);
    // Acknowledged means committed to disk: the embedded PostgreSQL keeps fsync and full_page_writes on (DECISIONS 376).
    const kept = await send(second.port, `acme.${TEST_BASE_HOST}`, 'GET', `/api/v1/products/${created.body.id}`, {
      headers: admin,
    });
    expect(kept.status).to.equal(200);
    expect(kept.body.sku).to.equal('DUR-1');
    expect(await stopChildServer(second.child)).to.equal(0);
  });

  it('provisions and migrates into the database of the wh-server running on the directory, which serves what came at once (DECISIONS 466)', async () => {
    const demo = await startChildServer(['--demo'], env);
    try {
      const id = uniqueId('p');
      const provisioned = spawnSync(process.execPath, [SERVER_BIN, 'provision', fixtureFile(id)], {
        env,
        encoding: 'utf8',
      });
      expect(provisioned.status, provisioned.stderr).to.equal(0);
      expect(provisioned.stdout).to.include(
        `using the embedded PostgreSQL of the wh-server (pid ${demo.child.pid}) running on ${dataDir}`,
      );
      expect(provisioned.stdout).to.include(`provisioned ${id}`);
      const locations = await send(demo.port, `${id}.${TEST_BASE_HOST}`, 'GET', '/api/v1/locations', {
        headers: { authorization: `Token ${id}-admin-token` },
      });
      expect(locations.status).to.equal(200);
      const migrated = spawnSync(process.execPath, [SERVER_BIN, 'migrate'], { env, encoding: 'utf8' });
      expect([migrated.status, migrated.stdout.trim().split('\n').at(-1)]).to.deep.equal([0, 'database is up to date']);
      expect(await ready(demo)).to.equal(200);
    } finally {
      expect(await stopChildServer(demo.child)).to.equal(0);
    }
    expect(existsSync(lockFile()), 'the database stopped with its own server').to.equal(false);
  });

  it('refuses a data directory that another running wh-server uses, and leaves it alone', async () => {
    const first = await startChildServer([], env);
    try {
      const second = spawnSync(process.execPath, [SERVER_BIN, 'start', '--port', '0'], { env, encoding: 'utf8' });
      expect(second.status).to.equal(1);
      expect(second.stderr).to.include(`another wh-server (pid ${first.child.pid}) is using ${dataDir}`);
      expect(await ready(first)).to.equal(200);
    } finally {
      await stopChildServer(first.child);
    }
  });
});
