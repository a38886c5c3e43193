// The server's operational endpoints (DECISIONS 80): answered on every host, before the
// tenant is resolved, with no API token and no rate limit (/metrics may need a token of its
// own, DECISIONS 150). They are not operations of the API, so the contract does not list them.
import Router from '@koa/router';
import type { Orm } from '../db/orm.js';
import { contract } from './contract.js';
import { DOCS_BUNDLE_PATH, DOCS_PATH, docsBundle, docsPage } from './docs.js';
import { healthz, readyz } from './health.js';
import { METRICS_PATH, type MetricsEndpointOptions, metricsEndpoint } from './metrics-endpoint.js';

/** Each endpoint's path and the name it has in logs and metrics. */
const names: Record<string, string> = {
  '/healthz': 'healthz',
  '/readyz': 'readyz',
  [METRICS_PATH]: 'metrics',
  '/api/v1/openapi.json': 'openapi',
  '/api/v1/openapi.yaml': 'openapi',
  [DOCS_PATH]: 'docs',
  [DOCS_BUNDLE_PATH]: 'docs',
};

export function operationalEndpoint(path: string): string | undefined {
  return Object.hasOwn(names, path) ? names[path] : undefined;
}

export interface OperationalOptions {
  orm: Orm;
  metrics: MetricsEndpointOptions;
}

export function operationalEndpoints({ orm, metrics }: OperationalOptions) {
  // Exactly these paths: the names above label them in logs and metrics.
  const router = new Router({ strict: true, sensitive: true });
  router
    .get('/healthz', healthz)
    .get('/readyz', readyz(orm))
    .get(METRICS_PATH, metricsEndpoint(metrics))
    .get('/api/v1/openapi.json', contract('json'))
    .get('/api/v1/openapi.yaml', contract('yaml'))
    .get(DOCS_PATH, docsPage)
    .get(DOCS_BUNDLE_PATH, docsBundle);
  return router.routes();
}
