// A fuzz campaign: seeded, property-based requests (fast-check) across the spec's operations on
// both interfaces. Each answer must be no 5xx, match the spec (status, headers, body), carry no
// internals in its error text, and come within the time limit. A failure is the request, shrunk
// to a minimal one when asked (each step of shrinking is a request, within the budget), and the
// seed that replays the campaign. What the campaign aims at (hosts, tokens, records) and what
// runs between requests are the caller's.
import { createOperationMatcher } from '@warehouse-kit/spec/document';
import { createResponseChecker, formatProblem } from '@warehouse-kit/spec/response-checker';
import fc from 'fast-check';
import { internalsIn } from './leaks.js';
import { asCurl, type FuzzRequest, type FuzzTargets, fuzzRequests } from './requests.js';
import { type Connect, type FuzzAnswer, sendFuzzRequest } from './send.js';

export interface CampaignOptions {
  /** Requests to generate (fast-check's runs). */
  requests: number;
  seed: number;
  targets: FuzzTargets;
  connect: Connect;
  /** Milliseconds an answer may take. */
  timeoutMs: number;
  /** Shrink a failure to a minimal request; otherwise the campaign stops at the first. */
  shrink?: boolean;
  /** Runs before each request, e.g. to reset or wait for a rate-limit budget. */
  beforeRequest?(sent: number): Promise<void>;
  /** Sees each answer, e.g. to register what a create made or to read the rate-limit headers. */
  afterAnswer?(request: FuzzRequest, answer: FuzzAnswer): void;
}

export interface CampaignFailure {
  request: FuzzRequest;
  problems: string[];
}

export interface CampaignResult {
  /** Requests sent, shrinking included. */
  requests: number;
  seed: number;
  statuses: Record<number, number>;
  /** Operations that answered at least one request with a success. */
  operations: number;
  milliseconds: number;
  /** The (shrunk) failing request, if any. */
  failure?: CampaignFailure;
  /** The shrinking steps that still failed. */
  shrinks: number;
}

export async function runCampaign(options: CampaignOptions): Promise<CampaignResult> {
  const matcher = createOperationMatcher();
  const check = createResponseChecker();
  const statuses: Record<number, number> = {};
  const operations = new Set<string>();
  let sent = 0;
  let failure: CampaignFailure | undefined;
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
    const leaked = answer.status >= 400 ? internalsIn(answer.body, request) : [];
    if (leaked.length)
      problems.push(`error text reveals internals (${leaked.join(', ')}): ${JSON.stringify(answer.body)}`);
    return problems;
  };

  const details = await fc.check(
    fc.asyncProperty(fuzzRequests(options.targets), async (request) => {
      // Past the budget nothing is sent: a shrinking candidate then counts as passing, so the
      // last request that failed stays the answer.
      if (sent >= options.requests) return true;
      await options.beforeRequest?.(sent);
      sent++;
      const answer = await sendFuzzRequest(request, options).catch((error: Error) => ({
        status: 599,
        headers: {},
        body: error.message,
      }));
      options.afterAnswer?.(request, answer);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status < 400) operations.add(request.operationId);
      const problems = problemsOf(request, answer);
      if (problems.length === 0) return true;
      failure = { request, problems };
      return false;
    }),
    { numRuns: options.requests, seed: options.seed, endOnFailure: !options.shrink },
  );
  return {
    requests: sent,
    seed: options.seed,
    statuses,
    operations: operations.size,
    milliseconds: Math.round(performance.now() - started),
    ...(details.failed && failure && { failure }),
    shrinks: details.numShrinks,
  };
}

/** A failure as text: the request, what was wrong, how to replay the campaign, and the request as curl. */
export function describeFailure(failure: CampaignFailure, replay: string, origin: string): string {
  const { request, problems } = failure;
  return (
    `${request.method} ${request.target} (${request.operationId}): ${problems.join('; ')}\n` +
    `${replay}, or send this request:\n${asCurl(request, origin)}`
  );
}
