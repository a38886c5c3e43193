// The API reference page at /docs: Redoc's standalone bundle, served from the server's own
// dependencies, rendering /api/v1/openapi.json. Nothing is fetched from another origin, so the
// page works offline, and its Content-Security-Policy makes sure of that (DECISIONS 84).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Middleware } from 'koa';

export const DOCS_PATH = '/docs';
export const DOCS_BUNDLE_PATH = '/docs/redoc.standalone.js';

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Warehouse Scheduling Service API</title>
    <link rel="icon" href="data:,">
  </head>
  <body>
    <redoc spec-url="/api/v1/openapi.json"></redoc>
    <script src="${DOCS_BUNDLE_PATH}"></script>
  </body>
</html>
`;

// Redoc styles itself with inline styles and runs its search index in a worker from a blob.
const policy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const docsPage: Middleware = (ctx) => {
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Content-Security-Policy', policy);
  ctx.body = page;
};

let bundle: Buffer | undefined;

/** The bundle changes only with the server's dependencies, so browsers may keep it for a day. */
export const docsBundle: Middleware = (ctx) => {
  bundle ??= readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
  ctx.type = 'text/javascript; charset=utf-8';
  ctx.set('Cache-Control', 'public, max-age=86400');
  ctx.body = bundle;
};
