// The robustness group (opt-in, DECISIONS 205): stateful sequences of the three kinds of record
// a client creates and deletes, then seeded, spec-derived valid, boundary and hostile requests
// within `--budget`, each answered below 500, within the time limit and as the spec documents;
// afterwards the deployment must still answer. Everything created is deleted by the clean-up.
import type { CheckGroup } from '../../check.js';
import type { RunContext } from '../../context.js';
import { createdRecord } from '../../fixtures/created.js';
import { expectStatus } from '../../problems.js';
import { type FuzzOutcome, fuzzDeployment, REQUEST_TIMEOUT_MS } from './campaign.js';
import { followLifecycle, lifecycles } from './lifecycles.js';
import type { OwnRecords } from './targets.js';

/** Requests the group sends besides fuzzing: three records to aim at, three lifecycles, the last answer. */
export const ROBUSTNESS_OVERHEAD = 3 + lifecycles.length * 7 + 1;

/** A product, a company and an unassigned order of the run's own, which fuzzed writes may change. */
function ownRecords(ctx: RunContext): Promise<OwnRecords> {
  return ctx.shared('robustness records', async () => {
    const created = async (collection: string, body: unknown) =>
      createdRecord(await ctx.send(ctx.admin, 'POST', collection, { body }), `a record for the robustness group`);
    const productName = ctx.name('robustness product');
    const product = await created('/products', {
      product: { name: productName, sku: ctx.code(), location_name: ctx.home.name },
    });
    const company = await created('/companies', { company: { name: ctx.name('robustness'), company_type: 'carrier' } });
    const order = await created('/purchase_orders', {
      purchase_order: { po_number: ctx.code(), notes: ctx.name('robustness order') },
    });
    return {
      product: { id: product.record.id, name: productName },
      company: company.record.id,
      order: order.record.id,
    };
  });
}

function fuzzed(ctx: RunContext): Promise<FuzzOutcome> {
  return ctx.shared('robustness fuzzing', async () =>
    fuzzDeployment(ctx, await ownRecords(ctx), Math.max(ctx.robustness.budget - ROBUSTNESS_OVERHEAD, 1)),
  );
}

export const robustness: CheckGroup = {
  name: 'robustness',
  title: 'Robustness (opt-in: --checks robustness)',
  basis: 'decision',
  optIn: true,
  // Waits for the token's budget included: a few per-minute windows at most.
  timeout: 600_000,
  async before(ctx) {
    const { budget, seed } = ctx.robustness;
    ctx.log(`robustness: seed ${seed}, at most ${budget} requests (--seed ${seed} sends the same ones again)`);
  },
  define(group) {
    lifecycles.forEach((life, salt) => {
      group.check(
        {
          name: `${life.wrapper}_lifecycle_consistent`,
          method: 'POST',
          path: life.collection,
          status: 200,
          section: `${life.section}, decision 205`,
          verifies: life.verifies,
        },
        ({ ctx }) => followLifecycle(ctx, life, salt),
      );
    });
    group.check(
      {
        name: 'fuzzed_requests_answered_as_documented',
        method: 'ANY',
        path: '/*',
        status: 500,
        section: 'decision 205',
        // Answers to invalid input are 400 and 422 with the documented bodies (§7).
        verifies: ['§7.400', '§7.422', '§7.body-400', '§7.body-422'],
      },
      async ({ ctx }) => {
        const { failure } = await fuzzed(ctx);
        if (failure) throw failure;
      },
    );
    group.check(
      {
        name: 'deployment_answers_after_fuzzing',
        method: 'GET',
        path: '/locations',
        status: 200,
        section: 'decision 205',
        // No rule of the reference says a deployment survives hostile input: none to name.
        verifies: [],
      },
      async ({ ctx }) => {
        await fuzzed(ctx).catch(() => undefined);
        const started = Date.now();
        const answer = await ctx.send(ctx.admin, 'GET', '/locations');
        expectStatus(answer, 200, 'after the fuzzing, as before it');
        if (Date.now() - started > REQUEST_TIMEOUT_MS)
          throw new Error(`GET /locations took ${Date.now() - started} ms after the fuzzing`);
      },
    );
  },
};
