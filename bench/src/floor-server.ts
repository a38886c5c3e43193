// The floor: a bare node:http + pg server that sends, for each list it serves, exactly the
// statements the full stack sends for it (captured from the full stack by statements.ts, with
// their parameters), and nothing else. The rate-limit statement is re-parameterised for each
// request's token as the full stack does it (both windows' keys, the token's digest, the
// time), so the one write per request the contract requires is there too; the other
// statements run together once it has answered, as the full stack runs them. The body is the
// page's rows as pg returns them, serialised as they are. What the full stack does beyond this
// (routing, validation, access rules, rendering times in zones, headers) is what the ratio
// full/floor prices. Writes (a new order, a changed item) are floor-writes.ts's, with or
// without their event rows as `writes` says.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import pg from 'pg';
import { query } from './floor-query.js';
import { changeItem, createOrder, type FloorWrites, type ItemChange, type NewOrder } from './floor-writes.js';
import type { Statement } from './statements.js';

/** A list's statements as the full stack sent them for one request in steady state. */
export interface Replay {
  /** The rate-limit statement (with the directory version). */
  rateLimit: Statement;
  /** The page's and the count's statements, or the page with its total as a column. */
  reads: Statement[];
}

const isRateLimit = (statement: Statement) => statement.text.includes('insert into rate_limits');

/** Splits a request's statements into the rate limit and the reads; fails on anything else. */
export function replayOf(statements: Statement[]): Replay {
  const [rateLimit, ...reads] = statements;
  if (!rateLimit || !isRateLimit(rateLimit) || reads.some(isRateLimit) || reads.length === 0)
    throw new Error(`not a steady-state list request: ${statements.map((s) => s.text.slice(0, 60)).join(' | ')}`);
  return { rateLimit, reads };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8');
const WINDOWS = [60, 3600];

/** The rate-limit statement's parameters for this Authorization value now, as the full stack computes them. */
function rateLimitValues(template: Statement, authorization: string): unknown[] {
  const now = Date.now();
  const digest = sha256(authorization).digest('hex');
  const token = authorization.slice('Token '.length);
  const [, , , , , organizationId] = template.values;
  return [
    ...WINDOWS.flatMap((seconds) => [`per-${seconds}s:${digest}`, now + seconds * 1000]),
    sha256(token).digest(),
    organizationId,
    now,
    now,
  ];
}

type Row = Record<string, unknown>;

/** The total a read answered: a `total` column of the page, or a one-row count. */
function totalOf(results: pg.QueryResult<Row>[]): unknown {
  for (const { rows } of results) if (rows[0] && 'total' in rows[0]) return rows[0].total;
  for (const { rows } of results) if (rows.length === 1 && 'count' in rows[0]!) return rows[0]!.count;
  return undefined;
}

const itemPath = /^\/api\/v1\/purchase_orders\/(\d+)$/;

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

export async function startFloorServer(
  databaseUrl: string,
  poolSize: number,
  replays: Map<string, Replay>,
  writes: FloorWrites,
): Promise<{ port: number; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const [rateLimit] = [...replays.values()].map((replay) => replay.rateLimit);
  /** The rate-limit write; false when the token is none of the organization's. */
  const count = async (authorization: string) => {
    const counted = await query(pool, rateLimit!.text, rateLimitValues(rateLimit!, authorization));
    return counted.rows[0]?.key != null;
  };
  const read = async (replay: Replay) => {
    const results = await Promise.all(
      replay.reads.map((statement) => query<Row>(pool, statement.text, [...statement.values])),
    );
    const page = results.reduce((largest, result) => (result.rows.length > largest.rows.length ? result : largest));
    return { json: JSON.stringify(page.rows), headers: { 'Total-Count': String(totalOf(results)) } };
  };
  /** What the request asks for, or undefined for a route the floor does not serve. */
  const route = (
    req: IncomingMessage,
  ): (() => Promise<{ json: string; headers?: Record<string, string> }>) | undefined => {
    const url = req.url ?? '';
    const replay = req.method === 'GET' ? replays.get(url) : undefined;
    if (replay) return () => read(replay);
    if (req.method === 'POST' && url === '/api/v1/purchase_orders')
      return async () => ({ json: await createOrder(pool, writes, (await readBody(req)) as NewOrder) });
    const item = req.method === 'PATCH' ? itemPath.exec(url) : null;
    if (item)
      return async () => ({
        json: await changeItem(pool, writes, Number(item[1]), (await readBody(req)) as ItemChange),
      });
    return undefined;
  };
  const server: Server = createServer((req, res) => {
    const answer = route(req);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    count(req.headers.authorization ?? '')
      .then((counted) => (counted ? answer() : undefined))
      .then(
        (answered) => {
          if (!answered) {
            res.writeHead(401).end();
            return;
          }
          res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', ...answered.headers });
          res.end(answered.json);
        },
        () => res.writeHead(500).end(),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
