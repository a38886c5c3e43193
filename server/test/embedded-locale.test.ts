// The embedded PostgreSQL reads text as the server does, whatever the locale of the machine it
// starts on: a container or a CI job usually sets none, and a cluster made in the C locale
// lowers only ASCII letters, where the server lowers every letter to match a name.
import { chmodSync } from 'node:fs';
import { tempDir } from '@warehouse-kit/testing';
import { type ChildServer, send, startChildServer, stopChildServer } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('wh-server start --demo on a machine without a locale', function () {
  this.timeout(120_000);
  let server: ChildServer;

  before(async () => {
    const dataDir = tempDir('wh-locale-');
    chmodSync(dataDir, 0o755);
    // No LANG or LC_*: only what the command needs to start.
    server = await startChildServer(['--demo'], {
      PATH: process.env.PATH,
      WH_DATA_DIR: dataDir,
      TMPDIR: process.env.TMPDIR,
    });
  });
  after(() => stopChildServer(server.child));

  it('finds a product by a name with letters beyond ASCII, in any case', async () => {
    const headers = { authorization: 'Token acme-admin-token' };
    const made = await send(server.port, 'acme-toronto.localhost', 'POST', '/api/v1/products', {
      headers,
      body: { product: { name: 'Crème Brûlée Äpfel', sku: 'CB-1' } },
    });
    expect(made.status, made.text).to.equal(200);
    for (const name of ['Crème Brûlée', 'CRÈME BRÛLÉE ÄPFEL', 'crème brûlée äpfel']) {
      const found = await send(server.port, 'acme.localhost', 'GET', '/api/v1/products', { headers, query: { name } });
      expect(found.status, found.text).to.equal(200);
      expect(
        found.body.map((product: { sku: string }) => product.sku),
        name,
      ).to.deep.equal(['CB-1']);
    }
  });
});
