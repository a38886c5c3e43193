// A fuzz campaign against a reference server: seeded, property-based requests (fast-check)
// across every operation on both interfaces. Each answer must be no 5xx, match the spec
// (status, headers, body), carry no internals in its error text, and come within the time
// limit; afterwards the server must still answer. A failure names the seed and gives the
// request as a ready-to-run curl.
import { request as httpRequest } from 'node:http';
import { createOperationMatcher } from '@warehouse-kit/spec/document';
import { createResponseChecker, formatProblem } from '@warehouse-kit/spec/response-checker';
import fc from 'fast-check';
import { resetRateLimits } from '../../src/testing/database.js';
import type { World } from '../../src/testing/world.js';
import { asCurl, type FuzzRequest, fuzzRequests } from './requests.js';
import { seedTargets } from './targets.js';

const TIMEOUT_MS = 10_000;
/** The shared rate-limit counters are reset this often, so that the campaign is not mostly 429s. */
const BUDGET_EVERY = 100;
/** Text that would reveal internals: stacks, source files, SQL, library names. */
const leak =
  /\bat [\w.<>$]+ \(|node_modules|\.[jt]s:\d+|\bselect\b[\s\S]*\bfrom\b|\binsert into\b|luxon|ajv|mikro|knex|TypeError|RangeError|Unexpected token|stack/i;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

function send(port: number, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.target,
        headers: {
          host: request.host,
          ...request.headers,
          ...(request.body ? { 'content-length': request.body.length } : {}),
        },
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
          let body: unknown = text || undefined;
          if (text && headers['content-type']?.includes('json')) body = JSON.parse(text);
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

export interface CampaignResult {
  requests: number;
  seed: number;
  statuses: Record<number, number>;
  operations: number;
  milliseconds: number;
}

export async function runCampaign(world: World, options: { requests: number; seed: number }): Promise<CampaignResult> {
  const port = world.server.port;
  const targets = await seedTargets(world);
  const matcher = createOperationMatcher();
  const check = createResponseChecker();
  const statuses: Record<number, number> = {};
  const operations = new Set<string>();
  let sent = 0;
  const started = performance.now();

  const problemsOf = (request: FuzzRequest, answer: Answer): string[] => {
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
    fc.asyncProperty(fuzzRequests(targets), async (request) => {
      if (sent % BUDGET_EVERY === 0) await resetRateLimits();
      sent++;
      const answer = await send(port, request).catch((error: Error) => ({
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
            `seed ${options.seed}; replay the campaign with npm run fuzz -- --seed ${options.seed}, or this request:\n` +
            asCurl(request, `http://127.0.0.1:${port}`),
        );
      }
    }),
    { numRuns: options.requests, seed: options.seed, endOnFailure: true },
  );

  await resetRateLimits();
  const after = await world.as('admin').get('/locations');
  if (after.status !== 200) throw new Error(`the server no longer answers after the campaign: ${after.status}`);
  return {
    requests: sent,
    seed: options.seed,
    statuses,
    operations: operations.size,
    milliseconds: Math.round(performance.now() - started),
  };
}
