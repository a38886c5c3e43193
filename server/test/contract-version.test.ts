// Every answer names the contract version the server implements (DECISIONS 351): the spec
// package's, which the served document's info.version repeats.
import { CONTRACT_VERSION } from '@warehouse-kit/spec';
import type { TestServer } from '@warehouse-kit/testing/server';
import { send, startWorld, TEST_BASE_HOST, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('the contract version', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  it('is in the Contract-Version header of every answer: a list, a refusal, an unknown host, an operational endpoint', async () => {
    const admin = world.as('admin');
    const answers = [
      await admin.get('/products'),
      await admin.post('/products', { product: { name: '' } }),
      await world.as('admin').get('/products/999999'),
      await send(server.port, world.host(), 'GET', '/api/v1/locations'),
      await send(server.port, `nobody.${TEST_BASE_HOST}`, 'GET', '/api/v1/locations'),
      await send(server.port, TEST_BASE_HOST, 'GET', '/healthz'),
    ];
    expect(answers.map((answer) => answer.status)).to.deep.equal([200, 422, 404, 401, 404, 200]);
    for (const answer of answers) expect(answer.headers['contract-version']).to.equal(CONTRACT_VERSION);
  });

  it("is the served contract's info.version, in semver", async () => {
    const served = await send(server.port, TEST_BASE_HOST, 'GET', '/api/v1/openapi.json');
    expect(served.body.info.version).to.equal(CONTRACT_VERSION);
    expect(served.headers['contract-version']).to.match(/^\d+\.\d+\.\d+$/);
  });
});
