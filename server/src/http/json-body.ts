// Reading a request body as JSON, within bounds: `application/json` only, in UTF-8 (415 for
// another charset, 400 for bytes that are not UTF-8: DECISIONS 58; 400 for a Content-Type that
// is not a media type or names a parameter twice: DECISIONS 433), in an encoding we decode
// (identity, gzip, deflate, br; 415 for others, 400 when the bytes do not decode), at most
// `limit` bytes after decompression (413), nested at most MAX_JSON_DEPTH levels (400). co-body
// reads the bytes; they are decoded strictly, since a lenient decoder would store U+FFFD in
// place of what the client sent. Every error text a client sees is ours.
import type { IncomingMessage } from 'node:http';
import coBody from 'co-body';
import contentType from 'content-type';
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

const NOT_JSON = 'the request body is not valid JSON (an object is expected)';

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

/** How much of a body over the limit is read and discarded before the 413, at most. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/**
 * Reads and discards the rest of a body over the limit, up to DRAIN_LIMIT bytes, before the 413
 * is sent, and closes the connection after it (a lingering close, DECISIONS 374): a client that
 * asked for the connection to close would otherwise still be writing when the server closes, and
 * get EPIPE or a reset instead of reading the 413. Past DRAIN_LIMIT the client is cut off.
 */
async function drain(ctx: Context): Promise<void> {
  const request = ctx.req;
  ctx.set('Connection', 'close');
  if (request.readableEnded || request.destroyed) return;
  request.unpipe();
  await new Promise<void>((resolve) => {
    let read = 0;
    const done = () => {
      request.off('data', count);
      request.pause();
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT) done();
    };
    request.on('data', count);
    request.once('end', done);
    request.once('close', done);
    request.resume();
  });
}

/**
 * Rejects as raw-body does for an aborted request when the connection closes before the body was
 * read to its end: a client that hung up (DECISIONS 427). raw-body notices that itself when it
 * reads the request, but not when the request closed before it began (it would answer 500, "stream
 * is not readable") nor when it reads a decompressing stream piped from the request, which then
 * waits for ever.
 */
function closedBeforeRead(request: IncomingMessage): Promise<never> {
  return new Promise((_resolve, reject) => {
    const closed = () => {
      if (!request.readableEnded) reject(Object.assign(new Error('request aborted'), { type: 'request.aborted' }));
    };
    if (request.destroyed) closed();
    else request.once('close', closed);
  });
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** JSON text whose first token opens an object or an array (RFC 8259's whitespace before it). */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;

/** The body's bytes as JSON: {} when empty, as co-body's strict mode has it. */
function parseUtf8Json(bytes: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest('the request body is not valid UTF-8');
  }
  if (text === '') return {};
  if (!OBJECT_OR_ARRAY.test(text)) throw badRequest(NOT_JSON);
  try {
    // `__proto__` keys stay ordinary own properties: request validation names them as unknown attributes.
    return JSON.parse(text);
  } catch {
    throw badRequest(NOT_JSON);
  }
}

/** What the header's grammar allows between double quotes (RFC 9110 5.6.4). */
const QUOTED_STRINGS = /"(?:[^"\\]|\\.)*"/g;

/**
 * The charset a Content-Type names, read by the grammar of RFC 9110 8.3.1 (the `content-type`
 * package, 1.x, which throws where 2.x guesses): 400 for a header that is not a media type, or
 * that names a parameter twice, which leaves which one counts to the reader (RFC 6838 4.3).
 */
function charsetOf(header: string): string | undefined {
  let parsed: contentType.ParsedMediaType;
  try {
    parsed = contentType.parse(header);
  } catch {
    throw badRequest('the Content-Type header is not a media type (type/subtype; name=value parameters)');
  }
  // Once parsed, the header's semicolons outside quoted strings are exactly its parameters' separators.
  const parameters = header.replace(QUOTED_STRINGS, '').split(';').length - 1;
  if (parameters !== Object.keys(parsed.parameters).length)
    throw badRequest('the Content-Type header names a parameter more than once');
  return parsed.parameters.charset;
}

async function parseJsonBody(ctx: Context, limit: number): Promise<unknown> {
  const type = ctx.is('application/json');
  if (type === null) return undefined;
  const header = ctx.get('Content-Type');
  const charset = header ? charsetOf(header) : undefined;
  if (type === false)
    throw new HttpError(415, 'the request body must be JSON, sent with Content-Type: application/json');
  if (!/^utf-?8$/i.test(charset ?? 'utf-8'))
    throw new HttpError(415, 'the request body must be UTF-8 (charset=utf-8, or no charset)');
  let bytes: Buffer;
  try {
    const reading = coBody.text(ctx, { limit, encoding: false } as unknown as coBody.Options);
    bytes = await Promise.race([reading, closedBeforeRead(ctx.req)]);
  } catch (error) {
    if ((error as ReadError).type === 'entity.too.large') await drain(ctx);
    throw answerTo(error as ReadError, ctx, limit) ?? error;
  }
  const body = parseUtf8Json(bytes);
  if (depthOf(body) > MAX_JSON_DEPTH)
    throw badRequest(`the request body nests deeper than ${MAX_JSON_DEPTH} levels of objects and arrays`);
  return body;
}
