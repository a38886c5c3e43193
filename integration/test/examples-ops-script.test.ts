import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startWorld, type TestServer, type World } from '@warehouse-kit/server/testing';
import { tempDir } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { parse as parseCsv } from 'csv-parse/sync';
import { EXAMPLES } from './support/examples.js';
import { json, WHCTL, whctl } from './support/whctl.js';

/** A folder with a `whctl` on it that runs this build, as `npm install -g` would provide. */
function whctlOnPath(): string {
  const bin = tempDir('whctl-bin-');
  writeFileSync(join(bin, 'whctl'), `#!/bin/sh\nexec "${process.execPath}" "${resolve(WHCTL)}" "$@"\n`);
  chmodSync(join(bin, 'whctl'), 0o755);
  return bin;
}

describe('examples/ops.sh', () => {
  let server: TestServer;
  let world: World;
  before(async () => ({ server, world } = await startWorld({ baseHost: 'localhost' })));
  after(() => server.close());

  it("imports orders, moves one and exports a warehouse's orders to CSV against the reference server", async () => {
    const out = tempDir('whctl-example-');
    const env = { WHCTL_BASE_URL: world.url(), WHCTL_TOKEN: world.token('admin') };
    const child = spawn('bash', [join(EXAMPLES, 'ops.sh')], {
      env: { PATH: `${whctlOnPath()}:${process.env.PATH}`, HOME: out, OUT_DIR: out, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((done) => child.once('close', done));
    expect(code, stderr).to.equal(0);

    const report = readFileSync(join(out, 'import-report.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(report.map((row: { po_number: string; action: string }) => `${row.po_number} ${row.action}`)).to.deep.equal([
      'PO-5001 created',
      'PO-5002 created',
      'PO-5003 created',
    ]);

    const exported = parseCsv(readFileSync(join(out, 'toronto-purchase-orders.csv'), 'utf8')) as string[][];
    expect(exported[0]).to.deep.equal([
      'id',
      'po_number',
      'location_name',
      'expected_starts_at',
      'carrier_name',
      'reference_numbers',
    ]);
    // The import runs orders concurrently, so their IDs, and the list's order, may vary.
    expect(
      exported
        .slice(1)
        .map((row) => row.slice(1))
        .sort((a, b) => a[0]!.localeCompare(b[0]!)),
    ).to.deep.equal([
      ['PO-5001', 'Toronto DC', '2026-12-01T08:00:00-05:00', 'Fast Freight', '["BOL-5001","PRO-77"]'],
      ['PO-5003', '', '', '', '[]'],
    ]);

    const moved = await whctl(['purchase-orders', 'get', '--po-number', 'PO-5002'], { env });
    expect(json(moved)).to.include({ location_name: 'Vancouver DC', expected_starts_at: '2026-12-02T04:30:00-08:00' });
  });
});
