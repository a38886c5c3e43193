// The load generator, run in its own process (`node load.js <json>`) so that generating
// requests never competes with the servers for the benchmark process's event loop. It
// rotates through many tokens, one per request, and prints autocannon's summary as JSON.
import autocannon from 'autocannon';
import { loadToken } from './seed.js';
import { type LoadWrite, writeRequest } from './write-request.js';

export interface LoadOptions {
  url: string;
  /** The Host header: which organization or location interface answers. */
  host: string;
  /** Requests rotate through loadToken(1..tokenCount). */
  tokenCount: number;
  connections: number;
  seconds: number;
  /** Stops after this many requests instead (the seconds are then ignored). */
  requests?: number;
  write?: LoadWrite;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses other than 2xx, and errors and timeouts: any of them spoils a round. */
  failures: number;
}

async function main(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const path = new URL(options.url).pathname;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.requests === undefined ? {} : { amount: options.requests }),
    requests: [
      {
        setupRequest: (request) => {
          const n = next++;
          const headers = {
            ...request.headers,
            host: options.host,
            authorization: `Token ${loadToken((n % options.tokenCount) + 1)}`,
          };
          if (!options.write) return { ...request, headers };
          return {
            ...request,
            ...writeRequest(options.write, path, n),
            headers: { ...headers, 'content-type': 'application/json' },
          };
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

main(JSON.parse(process.argv[2]!) as LoadOptions).then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
