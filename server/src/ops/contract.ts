// The contract this server implements, as it ships in @warehouse-kit/spec: the YAML file as
// written, and the same document as JSON (what the docs page and most tools read).
import { readFileSync } from 'node:fs';
import { loadDocument, specPath } from '@warehouse-kit/spec/document';
import type { Middleware } from 'koa';

export function contract(format: 'json' | 'yaml'): Middleware {
  const body = format === 'json' ? JSON.stringify(loadDocument()) : readFileSync(specPath, 'utf8');
  return (ctx) => {
    ctx.type = format === 'json' ? 'application/json' : 'application/yaml; charset=utf-8';
    ctx.body = body;
  };
}
