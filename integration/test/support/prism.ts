// Prism 5.14 as a validating proxy in front of a deployment (DECISIONS 203). Prism routes
// paths as the spec writes them (`/products`, without the servers' `/api/v1`) and drops the
// Host header when it forwards, which selects the organization; so a small hop stands on each
// side of it: the front strips `/api/v1` and carries the host in a header of its own, the back
// puts the host back before the server sees it. The front reads the violations Prism reports in
// `sl-violations` on every answer and keeps them; the back can answer in the server's stead
// with a broken list, to show Prism notices one.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { specPath } from '@warehouse-kit/spec/document';
import { freePort } from '@warehouse-kit/testing';

const HOST_HEADER = 'x-prism-test-host';
const PRISM_BIN = (() => {
  const manifest = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
  return join(dirname(manifest), 'dist/index.js');
})();

export interface Violation {
  method: string;
  path: string;
  location: string[];
  message: string;
}

export interface PrismProxy {
  /** The front hop's port: address the deployment at `http://<subdomain>.localhost:<port>`. */
  port: number;
  /** Every violation Prism reported so far, request and response alike. */
  violations: Violation[];
  /** Requests that went through, for a test to see the run did pass through Prism. */
  requests: number;
  /** While set, the back hop answers GET /products itself with ids that are not integers. */
  breakProductList: boolean;
  close(): Promise<void>;
}

function relay(
  req: IncomingMessage,
  res: ServerResponse,
  port: number,
  path: string,
  headers: IncomingMessage['headers'],
  onAnswer?: (answer: IncomingMessage) => void,
): void {
  const upstream = request({ host: '127.0.0.1', port, method: req.method, path, headers }, (answer) => {
    onAnswer?.(answer);
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(String(error));
  });
  req.pipe(upstream);
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function startPrism(upstreamPort: number, port: number): Promise<ChildProcess> {
  const args = ['proxy', specPath, `http://127.0.0.1:${upstreamPort}/api/v1`, '--port', String(port)];
  const child = spawn(process.execPath, [PRISM_BIN, ...args, '--host', '127.0.0.1'], { stdio: 'pipe' });
  let output = '';
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) resolve(child);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`prism exited with ${code}:\n${output.slice(-2000)}`)));
  });
}

/** Starts Prism in front of the server at `serverPort`, with its two hops. */
export async function startPrismProxy(serverPort: number): Promise<PrismProxy> {
  const back = createServer((req, res) => {
    if (proxy.breakProductList && req.method === 'GET' && req.url?.split('?')[0] === '/api/v1/products') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ id: 'one', name: 'Apples' }]));
      return;
    }
    const { [HOST_HEADER]: host, ...headers } = req.headers;
    relay(req, res, serverPort, req.url ?? '/', { ...headers, host: String(host) });
  });
  const backPort = await listen(back);
  const prismPort = await freePort();
  const prism = await startPrism(backPort, prismPort);
  const front = createServer((req, res) => {
    proxy.requests += 1;
    const path = (req.url ?? '/').replace(/^\/api\/v1(?=[/?]|$)/, '') || '/';
    relay(req, res, prismPort, path, { ...req.headers, [HOST_HEADER]: req.headers.host }, (answer) => {
      const reported = answer.headers['sl-violations'];
      delete answer.headers['sl-violations'];
      if (typeof reported !== 'string') return;
      const where = { method: req.method ?? '', path: req.url ?? '' };
      // Past 8 KiB Prism cuts the list short, no longer JSON: count it as the answer's fault.
      if (reported.startsWith('Too many violations!'))
        proxy.violations.push({ ...where, location: ['response'], message: reported.slice(0, 500) });
      else
        for (const violation of JSON.parse(reported) as Violation[]) proxy.violations.push({ ...violation, ...where });
    });
  });
  const proxy: PrismProxy = {
    port: await listen(front),
    violations: [],
    requests: 0,
    breakProductList: false,
    async close() {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      const exited = new Promise((resolve) => prism.once('exit', resolve));
      prism.kill();
      await exited;
      back.closeAllConnections();
      await new Promise((resolve) => back.close(resolve));
    },
  };
  return proxy;
}

/** The violations about answers: what the deployment sent that the spec does not allow. */
export function responseViolations(violations: Violation[]): Violation[] {
  return violations.filter((violation) => violation.location[0] === 'response');
}
