// The robustness group's fuzzing (DECISIONS 205): the shared campaign of @warehouse-kit/fuzz,
// sent to the deployment within the group's budget and the admin token's rate-limit budget,
// every record a create made registered for the clean-up, and a failure shrunk to a minimal
// request with the seed that replays the run.
import { asCurl, type CampaignResult, type FuzzAnswer, type FuzzRequest, runCampaign } from '@warehouse-kit/fuzz';
import { MINUTE_RESET_MS, readRateLimit, untilReset } from '@warehouse-kit/sdk';
import type { RunContext } from '../../context.js';
import type { Exchange } from '../../http.js';
import { ConformanceFailure } from '../../problems.js';
import { TOKEN_VARIABLE } from '../../reproduce.js';
import { undoCreate } from '../../undo.js';
import { connectTo, fuzzTargets, type OwnRecords } from './targets.js';

/** Milliseconds an answer may take before the request counts as hanging. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** Requests of the token's per-minute budget kept for the clean-up and the checks after the group. */
const RESERVE = 10;

const creates: Record<string, string> = {
  createProduct: '/products',
  createCompany: '/companies',
  createPurchaseOrder: '/purchase_orders',
  createAppointment: '/appointments',
};

export interface FuzzOutcome {
  result: CampaignResult;
  /** The failure as the check reports it, if any. */
  failure?: ConformanceFailure;
}

/** Waits when the admin token's budget is nearly spent, until the reset its last answer named. */
function pacing(ctx: RunContext) {
  const authorization = `Token ${ctx.home.token}`;
  let remaining: number | undefined;
  let reset: number | undefined;
  return {
    async beforeRequest() {
      if (remaining === undefined || remaining > RESERVE) return;
      // At most a per-minute window, as the suite's clients wait.
      const wait = Math.min(Math.max((reset ?? Date.now() + MINUTE_RESET_MS) - Date.now(), 0) + 1000, MINUTE_RESET_MS);
      ctx.log(`robustness: ${remaining} request(s) of the token's budget left, waiting ${Math.ceil(wait / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, wait));
      remaining = undefined;
    },
    observe(request: FuzzRequest, answer: FuzzAnswer) {
      if (request.headers.authorization !== authorization) return;
      const headers = new Headers(answer.headers);
      remaining = readRateLimit(headers).remaining ?? remaining;
      const wait = untilReset(headers);
      if (wait !== undefined) reset = Date.now() + wait;
    },
  };
}

/** A fuzzed create's answer as the clean-up reads an exchange of the suite's own. */
function asExchange(request: FuzzRequest, answer: FuzzAnswer, collection: string): Exchange {
  const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? '');
  return {
    method: request.method,
    template: collection,
    url: `http://${request.host}${request.target}`,
    as: 'robustness fuzzing, admin',
    status: answer.status,
    headers: new Headers(),
    text,
    body: answer.body,
    curl: '',
  };
}

/** The request as curl against the address it went to, the token as $WH_TOKEN. */
function curlOf(ctx: RunContext, request: FuzzRequest): string {
  const { protocol } = connectTo(ctx)(request.host);
  return asCurl(request, `${protocol}//${request.host}`).replaceAll(ctx.home.token, `'"${TOKEN_VARIABLE}"'`);
}

export async function fuzzDeployment(ctx: RunContext, own: OwnRecords, budget: number): Promise<FuzzOutcome> {
  const { seed } = ctx.robustness;
  // Not used to send: it counts the fuzzed requests in the verdict's `run.requests`, as every client does.
  const counted = ctx.endpoint('robustness fuzzing, admin', ctx.home.token, ctx.profile.organization, { retry: false });
  const pace = pacing(ctx);
  const result = await runCampaign({
    requests: budget,
    seed,
    shrink: true,
    targets: fuzzTargets(ctx, own),
    connect: connectTo(ctx),
    timeoutMs: REQUEST_TIMEOUT_MS,
    beforeRequest: () => pace.beforeRequest(),
    afterAnswer(request, answer) {
      counted.sent++;
      pace.observe(request, answer);
      // The clean-up of a create, as for the suite's own: one without an id is reported as left behind.
      const collection = creates[request.operationId];
      if (!collection || request.method !== 'POST') return;
      const undo = undoCreate(ctx.admin, asExchange(request, answer, collection));
      if (undo) ctx.cleanup.add(undo.key, undo.label, undo.run);
    },
  });
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  ctx.log(
    `robustness: ${result.requests} fuzzed request(s) in ${(result.milliseconds / 1000).toFixed(1)} s, ` +
      `answered ${statuses}, seed ${seed}`,
  );
  if (!result.failure) return { result };
  const { request, problems } = result.failure;
  const replay =
    `seed ${seed}: whctl conformance run --checks robustness --budget ${ctx.robustness.budget} --seed ${seed} ` +
    `sends the same requests again (shrunk in ${result.shrinks} step(s) to this one)`;
  const failure = new ConformanceFailure(
    undefined,
    problems.map((problem) => ({
      where: `${request.method} ${request.host}${request.target} (${request.operationId})`,
      received: problem,
      documented: `an answer below 500, within ${REQUEST_TIMEOUT_MS / 1000} s, that the spec documents for the operation`,
    })),
    [replay, `reproduce: ${curlOf(ctx, request)}`],
  );
  return { result, failure };
}
