// `npm run fuzz -- --requests 20000 --seed N`: a longer campaign than npm test's, on its own
// embedded PostgreSQL and in-process server. Prints the seed and what the server answered.
import { parseArgs } from 'node:util';
import { mochaGlobalSetup, mochaGlobalTeardown } from '@warehouse-kit/testing/mocha';
import { startWorld } from '@warehouse-kit/testing/server';
import { runServerCampaign } from './campaign.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '20000' }, seed: { type: 'string' } },
});
const requests = Number(values.requests);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
if (!Number.isSafeInteger(requests) || requests < 1 || !Number.isSafeInteger(seed)) {
  console.error('usage: npm run fuzz -- [--requests N] [--seed N]');
  process.exit(2);
}

await mochaGlobalSetup();
const { server, world } = await startWorld();
let failed = false;
try {
  console.log(`fuzzing with ${requests} requests, seed ${seed}`);
  const result = await runServerCampaign(world, { requests, seed });
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(`${result.requests} requests in ${(result.milliseconds / 1000).toFixed(1)} s, seed ${seed}`);
  console.log(`statuses: ${statuses}`);
  console.log(`operations answered with success: ${result.operations}; no 5xx, every answer matched the spec`);
} catch (error) {
  failed = true;
  console.error((error as Error).message);
} finally {
  await server.close();
  await mochaGlobalTeardown();
}
process.exit(failed ? 1 : 0);
