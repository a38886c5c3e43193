// Clients other teams generate from the contract, at the versions npm installs today, work
// against the demo of `npm start` at the address the integrators' guide gives (issue 47,
// DECISIONS 463): each generator run as the guide says in a new project, its client compiled
// strict, then two creates, the list, a filtered page with its pagination headers, a 422 and the
// feed. `npm run generators` runs this on Node 24 (the newest generators need Node 22 or later).
import { readFileSync } from 'node:fs';
import { specPath } from '@warehouse-kit/spec/document';
import { json, runNode } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { parse } from 'yaml';
import { type Demo, startDemo } from './support/demo.js';
import { buildClient, readGuide } from './support/generators.js';

const guide = readGuide();
const major = (version: string) => version.split('.')[0];

describe("clients generated from the contract as the integrators' guide says, against the demo", function () {
  this.timeout(600_000);
  let demo: Demo;

  before(async () => {
    demo = await startDemo();
  });
  after(() => demo?.stop());

  it("gives the first server of the spec as the demo's address, and names the five generators", () => {
    const { servers } = parse(readFileSync(specPath, 'utf8')) as { servers: { url: string }[] };
    expect(guide.demoUrl).to.equal(servers[0]!.url);
    expect(guide.generators.map((generator) => generator.name)).to.have.members([
      '@hey-api/openapi-ts',
      'orval',
      'openapi-zod-client',
      'swagger-typescript-api',
      'kubb',
    ]);
    // The newest generators need Node 22.18 or later.
    expect(Number(major(process.versions.node))).to.be.at.least(22);
  });

  for (const generator of guide.generators) {
    it(`${generator.name}: lists, pages with the pagination headers, creates, reads a 422 and the feed`, async () => {
      const prefix = `${generator.program}-${Date.now()}`;
      // The guide's address, on the demo's port here.
      const baseUrl = guide.demoUrl.replace(':3000/', `:${demo.server.port}/`);
      const built = buildClient(generator, specPath, {
        baseUrl,
        token: 'acme-admin-token',
        location: 'Toronto DC',
        prefix,
      });
      // A new major version is a generator the guide has not checked: update its row and its lines.
      expect(major(built.versions.generator), `${generator.name} ${built.versions.generator}`).to.equal(
        major(generator.checked),
      );
      await demo.resetRateLimits();
      const run = await runNode(built.program, []);
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
      // Where the client takes its default base URL from the spec, it is the guide's address.
      if ('defaultBaseUrl' in result) expect(result.defaultBaseUrl, 'default base URL').to.equal(guide.demoUrl);
    });
  }
});
