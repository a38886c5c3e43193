// What an error answer must not reveal: text only a server's internals write. Each pattern is a
// known shape (a stack frame, a source path, an error JavaScript or PostgreSQL or a driver writes,
// SQL as a query builder writes it, a library's or an error class's name), matched as whole words
// and case-sensitively, as those write them. An answer may quote what the client sent (a 404
// names the location asked for), and a fuzzer sends random text: a match the request itself
// carried is its echo, not a leak (seed 1118333938 sent the location name "%Q(F aJV;").
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FuzzRequest } from './requests.js';

const internals = [
  // A stack frame (`at fn (file:///app/x.js:1:2)`, `at /app/x.js:1:2`), a source file with its line, a module path.
  /\bat [\w$.<>[\] ]*\(?(?:file:\/\/|node:|\/)[^\s()]*:\d+:\d+\)?/,
  /\b[\w-]+\.(?:[cm]?js|ts):\d+\b/,
  /\bnode_modules\/|\bnode:internal\/|\b(?:dist|src)\/[\w/.-]+\.[cm]?[jt]s\b/,
  // An error serialised whole: its `stack` key.
  /^stack$/,
  // JavaScript's own errors: their names as a message starts, and V8's words.
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError|EvalError|URIError|AggregateError): /,
  /\bCannot read properties of (?:undefined|null)\b|\bis not a function\b|\bis not iterable\b/,
  /\bMaximum call stack size exceeded\b|\bUnexpected (?:token|end of JSON input)\b|\bin JSON at position \d+/,
  // PostgreSQL's errors.
  /\bsyntax error at or near\b|\bviolates (?:foreign key|unique|not-null|check|exclusion) constraint\b/,
  /\bduplicate key value\b|\binvalid input (?:syntax|value) for\b|\bout of range for type\b/,
  /\b(?:relation|column) "[^"]*" (?:of relation "[^"]*" )?does not exist\b|\bdeadlock detected\b/,
  /\bcould not serialize access\b|\bcurrent transaction is aborted\b|\binvalid byte sequence for encoding\b/,
  // SQL as knex and MikroORM write it: lower-case keywords and quoted names.
  /\bselect [^\n]*?\bfrom "\w+"|\binsert into "\w+"|\bupdate "\w+" set\b|\bdelete from "\w+"/,
  // The libraries a Node server runs on, and their error classes (MikroORM's DriverException and kin).
  /\b(?:ajv|Ajv|luxon|Luxon|knex|Knex|MikroORM|mikro-orm|koa|Koa|pino|node-postgres|pg-protocol)\b/,
  /\b[A-Z]\w*Exception\b|\b(?:EntityManager|RequestContext|QueryBuilder|KnexTimeoutError)\b/,
];

const pattern = new RegExp(internals.map((part) => part.source).join('|'), 'g');

/** The body as the server read it: decompressed when it was, as text. */
function bodyText(request: FuzzRequest): string {
  const body = request.body ?? Buffer.alloc(0);
  try {
    const encoding = request.headers['content-encoding'];
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  } catch {
    // Not what it claims to be: the server reads it as it is, or refuses it.
  }
  return body.toString('utf8');
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** Everything the request said, as the server may quote it: its target decoded, its headers, its body. */
function sentText(request: FuzzRequest): string {
  return [decoded(request.target), ...Object.values(request.headers), bodyText(request)].join('\n');
}

/** Deeper than any error body; the body of a broken server may nest without end. */
const DEPTH = 32;

/** The body's texts as they were written, before JSON escaped them: its strings and its keys. */
function textsOf(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || depth > DEPTH) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...textsOf(inner, depth + 1)]);
}

/** The internals an error answer's body reveals, each as it matched; none when it reveals nothing. */
export function internalsIn(body: unknown, request: FuzzRequest): string[] {
  const found = textsOf(body).flatMap((text) => [...text.matchAll(pattern)].map(([match]) => match));
  if (found.length === 0) return [];
  const sent = sentText(request);
  return found.filter((match) => !sent.includes(match));
}
