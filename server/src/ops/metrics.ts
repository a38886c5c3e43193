// What /metrics reports (prom-client): requests and their latency by operation, method and
// status; rate-limit refusals; failed authentications; the database pool; and Node's default
// process metrics (CPU, memory, event-loop lag, ...). Request counters belong to one app; the
// process metrics are collected once per process, however many apps it runs (tests run many).
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface RequestObservation {
  operation: string;
  method: string;
  status: number;
  seconds: number;
  /** `X-RateLimit-Limit` of a 429: which limit refused it. */
  rateLimit?: string;
}

export interface Metrics {
  registry: Registry;
  observe(request: RequestObservation): void;
}

export function createMetrics(pool: () => { inUse: number; waiting: number }): Metrics {
  const own = new Registry();
  const labelNames = ['operation', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'wh_http_requests_total',
    help: 'Requests answered',
    labelNames,
    registers: [own],
  });
  const latency = new Histogram({
    name: 'wh_http_request_duration_seconds',
    help: 'Time from receiving a request to answering it',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  });
  const rateLimited = new Counter({
    name: 'wh_rate_limit_rejections_total',
    help: 'Requests refused with 429, by the limit that refused them',
    labelNames: ['limit'],
    registers: [own],
  });
  const unauthenticated = new Counter({
    name: 'wh_authentication_failures_total',
    help: 'Requests refused with 401 (missing, malformed or unknown token)',
    registers: [own],
  });
  new Gauge({
    name: 'wh_db_pool_connections_in_use',
    help: 'Database connections in use by requests',
    registers: [own],
    collect() {
      this.set(pool().inUse);
    },
  });
  new Gauge({
    name: 'wh_db_pool_requests_waiting',
    help: 'Requests waiting for a database connection',
    registers: [own],
    collect() {
      this.set(pool().waiting);
    },
  });

  return {
    registry: Registry.merge([processMetrics(), own]),
    observe({ operation, method, status, seconds, rateLimit }) {
      const labels = { operation, method, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
      if (status === 429) rateLimited.inc({ limit: rateLimit ?? 'unknown' });
      if (status === 401) unauthenticated.inc();
    },
  };
}
