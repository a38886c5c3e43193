import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { runServerCampaign } from '../runner/campaign.js';

// A fixed seed, so that every run of npm test sends the same requests; FUZZ_SEED tries another.
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

describe('fuzz campaign (spec-driven, seeded)', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  it('answers 2,000 valid, boundary and hostile requests across every operation without a 5xx or a breach of the spec', async function () {
    this.timeout(120_000);
    const result = await runServerCampaign(world, { requests: 2000, seed: SEED });
    expect(result.requests).to.equal(2000);
    expect(Object.keys(result.statuses).filter((status) => Number(status) >= 500)).to.deep.equal([]);
    // Valid requests get through too, not only refusals.
    expect(result.operations).to.be.greaterThan(15);
  });
});
