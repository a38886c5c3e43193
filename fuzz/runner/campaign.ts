// A fuzz campaign against the reference server in a test world (@warehouse-kit/testing's
// harness): this package's campaign (src/), aimed at the world's records, with the rate-limit counters reset every
// hundred requests (so that it is not mostly 429s); afterwards the server must still answer.

import type { World } from '@warehouse-kit/testing/server';
import { resetRateLimits } from '@warehouse-kit/testing/server';
import { type CampaignResult, describeFailure, loopback, runCampaign } from '../src/index.js';
import { seedTargets } from './targets.js';

const TIMEOUT_MS = 10_000;
const BUDGET_EVERY = 100;

export async function runServerCampaign(
  world: World,
  options: { requests: number; seed: number },
): Promise<CampaignResult> {
  const port = world.server.port;
  const result = await runCampaign({
    ...options,
    connect: loopback(port),
    targets: await seedTargets(world),
    timeoutMs: TIMEOUT_MS,
    beforeRequest: async (sent) => {
      if (sent % BUDGET_EVERY === 0) await resetRateLimits();
    },
  });
  if (result.failure) {
    const replay = `seed ${options.seed}; replay the campaign with npm run fuzz -- --seed ${options.seed}`;
    throw new Error(describeFailure(result.failure, replay, `http://127.0.0.1:${port}`));
  }
  await resetRateLimits();
  const after = await world.as('admin').get('/locations');
  if (after.status !== 200) throw new Error(`the server no longer answers after the campaign: ${after.status}`);
  return result;
}
