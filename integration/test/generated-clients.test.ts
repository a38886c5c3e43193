// Clients other teams generate from the contract work against the reference server (issue 35,
// DECISIONS 354): each generator with its defaults, the client compiled strict, then a list, a
// filtered page with its pagination headers, a create, a 422 and the feed. npm test covers
// swagger-typescript-api; `npm run generators` covers every generator of support/generators.ts.
import { locationNames, startWorld, type TestServer, type World } from '@warehouse-kit/server/testing';
import { specPath } from '@warehouse-kit/spec/document';
import { json, runNode } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { buildClient, installGenerators, selectedGenerators } from './support/generators.js';
import { type HostRelay, startHostRelay } from './support/host-relay.js';

/** The concrete server the spec names first, which a generator takes as its default base URL. */
const DEMO_BASE_URL = 'http://acme.localhost:3000/api/v1';

describe('clients generated from the contract', function () {
  this.timeout(300_000);
  const generators = selectedGenerators();
  let server: TestServer;
  let world: World;
  let relay: HostRelay;
  let installed: string;

  before(async () => {
    ({ server, world } = await startWorld({ baseHost: 'localhost' }));
    relay = await startHostRelay(server.port, new URL(world.url()).host);
    installed = installGenerators(generators);
  });
  after(async () => {
    await relay?.close();
    await server?.close();
  });

  for (const generator of generators) {
    it(`${generator.name}: lists, pages with the pagination headers, creates, reads a 422 and the feed`, async () => {
      const prefix = `${generator.name}-${Date.now()}`;
      const program = buildClient(generator, installed, specPath, {
        baseUrl: `${relay.url}/api/v1`,
        token: world.token('admin'),
        location: locationNames.toronto,
        prefix,
      });
      const run = await runNode(program, []);
      expect(run.code, run.stderr).to.equal(0);
      const result = json(run);
      const [a, b] = [`${prefix}-a`, `${prefix}-b`];
      expect(result.created).to.have.length(2);
      for (const id of result.created) expect(id).to.be.a('number');
      expect(result.listed).to.include.members([a, b]);
      // Headers as each client gives them: strings from fetch's Headers and from axios alike.
      expect(result.page).to.deep.equal({ names: [b], totalCount: '2', totalPages: '2', currentPage: '2' });
      expect(result.invalid).to.deep.equal({ status: 422, errors: { sku: ['has already been taken'] } });
      // Read through the union of full and truncated data, narrowed to the full product.
      expect(result.feed).to.include.members([a, b]);
      // orval's and openapi-zod-client's clients take their base URL from axios, not from the spec.
      if ('defaultBaseUrl' in result) expect(result.defaultBaseUrl, 'default base URL').to.equal(DEMO_BASE_URL);
    });
  }
});
