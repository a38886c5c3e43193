import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { startWorld, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { parse as parseCsv } from 'csv-parse/sync';
import { DateTime } from 'luxon';
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

  it("imports orders, moves one and exports a warehouse's orders to CSV against the reference server; again, it changes nothing", async () => {
    const out = tempDir('whctl-example-');
    const env = { WHCTL_BASE_URL: world.url(), WHCTL_TOKEN: world.token('admin') };
    const run = async () => {
      const child = spawn('bash', [join(EXAMPLES, 'ops.sh')], {
        env: { PATH: `${whctlOnPath()}:${process.env.PATH}`, HOME: out, OUT_DIR: out, ...env },
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((done) => child.once('close', done));
      expect(code, stderr).to.equal(0);
      return readFileSync(join(out, 'import-report.ndjson'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { po_number: string; action: string })
        .map((row) => `${row.po_number} ${row.action}`)
        .sort();
    };
    expect(await run()).to.deep.equal(['PO-5001 created', 'PO-5003 created']);

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
    // 07:30 in Toronto, as Vancouver's zone rules in this runtime's tz data write that instant.
    const instant = DateTime.fromISO('2026-12-02T07:30:00', { zone: 'America/Toronto' });
    expect(json(moved)).to.include({
      location_name: 'Vancouver DC',
      expected_starts_at: instant.setZone('America/Vancouver').toISO({ suppressMilliseconds: true }),
    });

    // The script says it is safe to run again: the second run changes nothing, and says so.
    expect(await run()).to.deep.equal(['PO-5001 unchanged', 'PO-5003 unchanged']);
    expect(json(await whctl(['purchase-orders', 'get', '--po-number', 'PO-5002'], { env }))).to.deep.equal(json(moved));
  });
});
