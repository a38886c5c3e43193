// A fuzz campaign: seeded, property-based requests (fast-check) across every operation on both
// interfaces. Each answer must be no 5xx, match the spec (status, headers, body), carry no
// internals in its error text, and come within the time limit. A failure names the seed and
// gives the request as a ready-to-run curl. What the campaign aims at (hosts, tokens, records)
// and what runs between requests are the caller's.
import { createOperationMatcher } from '@warehouse-kit/spec/document';
import { createResponseChecker, formatProblem } from '@warehouse-kit/spec/response-checker';
import fc from 'fast-check';
import { asCurl, type FuzzRequest, type FuzzTargets, fuzzRequests } from './requests.js';
import { type FuzzAnswer, sendFuzzRequest } from './send.js';

/** Text that would reveal internals: stacks, source files, SQL, library names. */
const leak =
  /\bat [\w.<>$]+ \(|node_modules|\.[jt]s:\d+|\bselect\b[\s\S]*\bfrom\b|\binsert into\b|luxon|ajv|mikro|knex|TypeError|RangeError|Unexpected token|stack/i;

export interface CampaignOptions {
  requests: number;
  seed: number;
  /** The server's port on 127.0.0.1; each request names its host. */
  port: number;
  targets: FuzzTargets;
  /** Milliseconds an answer may take. */
  timeoutMs: number;
  /** How to replay the whole campaign, e.g. `npm run fuzz -- --seed 42`. */
  replay: string;
  /** Runs before each request (the reference server's tests reset its rate-limit counters). */
  beforeRequest?(sent: number): Promise<void>;
}

export interface CampaignResult {
  requests: number;
  seed: number;
  statuses: Record<number, number>;
  /** Operations that answered at least one request with a success. */
  operations: number;
  milliseconds: number;
}

export async function runCampaign(options: CampaignOptions): Promise<CampaignResult> {
  const matcher = createOperationMatcher();
  const check = createResponseChecker();
  const statuses: Record<number, number> = {};
  const operations = new Set<string>();
  let sent = 0;
  const started = performance.now();

  const problemsOf = (request: FuzzRequest, answer: FuzzAnswer): string[] => {
    if (answer.status >= 500) return [`status ${answer.status}: ${JSON.stringify(answer.body)}`];
    if (request.method === 'HEAD') return [];
    const path = request.target.slice('/api/v1'.length).split('?')[0]!;
    const operation = matcher.match(request.method, path)?.operation;
    const problems = check(operation, {
      status: answer.status,
      header: (name) => answer.headers[name.toLowerCase()],
      body: answer.body,
    }).map(formatProblem);
    if (answer.status >= 400 && leak.test(JSON.stringify(answer.body)))
      problems.push(`error text reveals internals: ${JSON.stringify(answer.body)}`);
    return problems;
  };

  await fc.assert(
    fc.asyncProperty(fuzzRequests(options.targets), async (request) => {
      await options.beforeRequest?.(sent);
      sent++;
      const answer = await sendFuzzRequest(options.port, request, options.timeoutMs).catch((error: Error) => ({
        status: 599,
        headers: {},
        body: error.message,
      }));
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status < 400) operations.add(request.operationId);
      const problems = problemsOf(request, answer);
      if (problems.length > 0) {
        throw new Error(
          `${request.method} ${request.target} (${request.operationId}): ${problems.join('; ')}\n` +
            `seed ${options.seed}; replay the campaign with ${options.replay}, or this request:\n` +
            asCurl(request, `http://127.0.0.1:${options.port}`),
        );
      }
    }),
    { numRuns: options.requests, seed: options.seed, endOnFailure: true },
  );
  return {
    requests: sent,
    seed: options.seed,
    statuses,
    operations: operations.size,
    milliseconds: Math.round(performance.now() - started),
  };
}
