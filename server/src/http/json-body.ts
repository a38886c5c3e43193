// Reading a request body as JSON, within bounds: `application/json` only (415), in an encoding
// we decode (identity, gzip, deflate, br; 415 for others, 400 when the bytes do not decode), at
// most `limit` bytes after decompression (413), nested at most MAX_JSON_DEPTH levels (400).
// co-body reads and parses; every error text a client sees is ours.
import coBody from 'co-body';
import type { Context } from 'koa';
import { badRequest, HttpError } from './errors.js';

/** Deep enough for any record the API takes (a bulk upload's JSON custom values included). */
export const MAX_JSON_DEPTH = 32;

/** How deeply `value` nests, counted without recursion so that no input can exhaust the stack. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const inner of Object.values(node)) stack.push([inner, depth + 1]);
  }
  return deepest;
}

interface ReadError {
  status?: number;
  type?: string;
  code?: string;
}

/** Our answer to what co-body, raw-body, inflation or zlib threw; undefined for anything unexpected. */
function answerTo(error: ReadError, ctx: Context, limit: number): HttpError | undefined {
  if (error.type === 'entity.too.large')
    return new HttpError(413, `the request body is larger than ${limit} bytes (counted after decompression)`);
  if (error.status === 415)
    return new HttpError(
      415,
      `Content-Encoding ${ctx.get('Content-Encoding')} is not supported: send identity, gzip, deflate or br`,
    );
  if (error.type === 'request.size.invalid') return badRequest('the request body does not match its Content-Length');
  if (error.type === 'request.aborted') return badRequest('the request body ended before it was complete');
  if (error.code?.startsWith('Z_') || error.code?.startsWith('ERR_BROTLI') || error.code?.startsWith('ERR__ERROR'))
    return badRequest(`the request body cannot be decoded as ${ctx.get('Content-Encoding')}`);
  if (error instanceof SyntaxError) return badRequest('the request body is not valid JSON (an object is expected)');
  return undefined;
}

/** Bodies already read: a request's stream can be read once, and both the router and the idempotency check need it. */
const read = new WeakMap<Context, Promise<unknown>>();

/** The parsed body; undefined when the request has none. The same promise each time for one request. */
export function readJsonBody(ctx: Context, limit: number): Promise<unknown> {
  let body = read.get(ctx);
  if (!body) {
    body = parseJsonBody(ctx, limit);
    read.set(ctx, body);
  }
  return body;
}

async function parseJsonBody(ctx: Context, limit: number): Promise<unknown> {
  const type = ctx.is('application/json');
  if (type === null) return undefined;
  if (type === false)
    throw new HttpError(415, 'the request body must be JSON, sent with Content-Type: application/json');
  let body: unknown;
  try {
    // `__proto__` keys stay ordinary own properties: request validation names them as unknown attributes.
    body = await coBody.json(ctx, { limit, strict: true, onProtoPoisoning: 'ignore' } as coBody.Options);
  } catch (error) {
    throw answerTo(error as ReadError, ctx, limit) ?? error;
  }
  if (depthOf(body) > MAX_JSON_DEPTH)
    throw badRequest(`the request body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`);
  return body;
}
