// Every write command of whctl, under each declaration of extensions (WHCTL_EXTENSIONS), against
// the reference server: each succeeds, so no header whctl adds by itself is refused; the requests
// its trace shows carry an Idempotency-Key or If-Match only where their operation declares it;
// and a command offers --idempotency-key or --if-match only where every write it sends takes the
// header (DECISIONS 305-307). The commands come from whctl's completion table, so a new one
// fails here until it has a case or is named as writing nothing through the API.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { createWorld, type LocationKey, startTestServer, type TestServer } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { type Run, whctl } from './support/whctl.js';
import {
  DECLARATIONS,
  type Declaration,
  declares,
  Fixtures,
  headerFaults,
  isWrite,
  operationOf,
  type SentRequest,
} from './support/write-cases.js';

interface Invocation {
  args: string[];
  /** Through a location's interface instead of the organization's. */
  location?: LocationKey;
}

/** Commands that send no write through whctl's connection: reads, local files, and the suite's own client. */
const WRITES_NOTHING = new Set([
  'locations list',
  'products list',
  'products get',
  'companies list',
  'companies get',
  'appointments list',
  'appointments get',
  'purchase-orders list',
  'purchase-orders get',
  'purchase-orders booked',
  'product-limits list',
  'webhooks list',
  'webhooks get',
  'webhooks deliveries',
  'events list',
  'events get',
  'events tail',
  // Reads the feed, and POSTs to the local receiver, not to the API.
  'listen',
  'config set',
  'config get',
  'config list',
  'config use',
  'completion',
  // The suite writes with its own clients, set up from the conformance profile.
  'conformance run',
  'conformance init',
  'conformance list',
  // Reads two contract documents, files or URLs, with no token.
  'contract diff',
]);

const csv = (text: string) => {
  const file = join(tempDir('whctl-import-'), 'records.csv');
  writeFileSync(file, text);
  return file;
};

/** The invocations of each write command, by its path; each sends at least one write. */
const CASES: Record<string, (f: Fixtures) => Promise<Invocation[]>> = {
  'products create': async (f) => [{ args: ['--location', 'Toronto DC', '--name', f.unique('Pears')] }],
  'products update': async (f) => [{ args: [String(await f.product()), '--sku', f.unique('SKU')] }],
  'products delete': async (f) => [{ args: [String(await f.product())] }],
  'products import': async (f) => [{ args: [csv(`name,location_name\n${f.unique('Limes')},Toronto DC\n`)] }],
  'companies create': async (f) => [{ args: ['--name', f.unique('Shipper'), '--type', 'customer'] }],
  'companies update': async (f) => [{ args: [String(await f.company()), '--name', f.unique('Renamed')] }],
  'companies delete': async (f) => [{ args: [String(await f.company())] }],
  'companies import': async (f) => [{ args: [csv(`name,company_type\n${f.unique('Grocer')},customer\n`)] }],
  'appointments create': async () => [
    { args: ['--location', 'Toronto DC', '--scheduled-at', '2026-12-01T08:00:00', '--duration', '45'] },
  ],
  'appointments update': async (f) => [{ args: [String(await f.appointment()), '--duration', '90'] }],
  'purchase-orders create': async (f) => [{ args: ['--po-number', f.unique('PO'), '--location', 'Toronto DC'] }],
  'purchase-orders update': async (f) => [{ args: [String(await f.order()), '--notes', 'dock 4'] }],
  'purchase-orders delete': async (f) => [{ args: [String(await f.order())] }],
  'purchase-orders assign': async (f) => [{ args: [String(await f.order(null)), '--to', 'Toronto DC'] }],
  'purchase-orders move': async (f) => [{ args: [String(await f.order()), '--to', 'Auckland DC'] }],
  'purchase-orders unassign': async (f) => [{ args: [String(await f.order())] }],
  'purchase-orders import': async (f) => [
    // Per order on the organization interface, through bulk uploads on a location's.
    { args: [csv(`po_number,location_name\n${f.unique('IMP')},Toronto DC\n`)] },
    { args: [csv(`po_number,location_name\n${f.unique('IMP')},Toronto DC\n`)], location: 'toronto' },
  ],
  'webhooks create': async (f) => [
    { args: ['--url', 'http://127.0.0.1:9/hook', '--description', f.unique('Hook'), '--location', 'Toronto DC'] },
  ],
  'webhooks update': async (f) => [{ args: [String(await f.endpoint()), '--description', f.unique('Renamed')] }],
  'webhooks delete': async (f) => [{ args: [String(await f.endpoint())] }],
  'webhooks rotate': async (f) => [{ args: [String(await f.endpoint())] }],
  'webhooks redeliver': async (f) => {
    const { endpoint, delivery } = await f.delivery();
    return [{ args: [String(endpoint), String(delivery)] }];
  },
  'webhooks recover': async (f) => [
    { args: [String(await f.endpoint()), '--since', new Date(Date.now() - 60_000).toISOString()] },
  ],
  api: async (f) => [
    // A path with its id filled in is the same operation as its template.
    { args: [`/webhook_endpoints/${await f.endpoint()}/rotate_secret`, '-X', 'POST'] },
    { args: ['/products', '-f', `product[name]=${f.unique('Quinces')}`, '-f', 'product[location_name]=Toronto DC'] },
  ],
};

/** Each command whctl completes, by its path, with the options it offers. */
async function commandTree(): Promise<Map<string, string[]>> {
  const script = (await whctl(['completion', 'bash'])).stdout;
  // The bash script lists, for each command path, the words that may follow it, in __whctl_words.
  const words = script.slice(script.indexOf('__whctl_words()'), script.indexOf('__whctl_values()'));
  const tree = new Map<string, string[]>();
  for (const [, path, list] of words.matchAll(/^ +'([^']*)'\) echo '([^']*)' ;;$/gm)) tree.set(path!, list!.split(' '));
  return tree;
}

/** The commands that do something themselves: those offering no subcommand. */
const leaves = (tree: Map<string, string[]>) =>
  [...tree].filter(([path, words]) => path && words.every((word) => word.startsWith('-'))).map(([path]) => path);

/** The requests a run's trace (WHCTL_DEBUG=1) shows, with their headers. */
function traced(run: Run): SentRequest[] {
  const requests = new Map<string, SentRequest>();
  for (const [, id, rest] of run.stderr.matchAll(/^\[(\d+)\] > (.*)$/gm)) {
    const request = requests.get(id!);
    const header = /^([\w-]+): (.*)$/.exec(rest!);
    if (request && header) request.headers[header[1]!.toLowerCase()] = header[2]!;
    else if (!request) {
      const [method, url] = rest!.split(' ');
      requests.set(id!, { method: method!, url: url!, headers: {} });
    }
  }
  return [...requests.values()];
}

/** Runs `work` on each item, `limit` at a time, in order of the results. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

describe('whctl sends each write with only the headers its operation declares', () => {
  let server: TestServer;
  let tree: Map<string, string[]>;
  before(async () => {
    server = await startTestServer({ baseHost: 'localhost', config: { webhookAllowPrivate: true } });
    tree = await commandTree();
  });
  after(() => server.close());

  it('has a case for every command that writes, and names every other command', () => {
    const commands = leaves(tree);
    expect(commands.length).to.be.greaterThan(40);
    const unnamed = commands.filter((path) => !(path in CASES) && !WRITES_NOTHING.has(path));
    expect(unnamed, 'commands with no case, nor named as writing nothing').to.deep.equal([]);
    const gone = [...Object.keys(CASES), ...WRITES_NOTHING].filter((path) => !commands.includes(path));
    expect(gone, 'cases of commands whctl does not have').to.deep.equal([]);
  });

  /** The safe-write flags `path` takes under `declaration`, as a user declaring those extensions would pass them. */
  function safeWriteFlags(path: string, declaration: Declaration, key: string): string[] {
    const offered = tree.get(path)!;
    const flags: string[] = [];
    if (declaration.extensions.etags && offered.includes('--if-unmodified')) flags.push('--if-unmodified');
    // With idempotency alone the key is whctl's own; with both, the user's.
    if (declaration.extensions.etags && declaration.extensions.idempotency && offered.includes('--idempotency-key'))
      flags.push('--idempotency-key', key);
    return flags;
  }

  for (const declaration of DECLARATIONS) {
    it(`runs every write command when extensions say ${declaration.list}`, async function () {
      // 26 whctl processes of about 0.4 s of CPU each, 4 at a time: past the default 30 s on a busy machine.
      this.timeout(120_000);
      // An organization of its own, for its own rate limit and webhook endpoints (at most 20).
      const world = await createWorld(server);
      const fixtures = new Fixtures(world);
      const runs: { path: string; invocation: Invocation }[] = [];
      for (const [path, invocations] of Object.entries(CASES))
        for (const invocation of await invocations(fixtures)) runs.push({ path, invocation });
      const results = await pooled(runs, 4, ({ path, invocation }) => {
        const address = invocation.location
          ? { WHCTL_LOCATION_URL: world.url(invocation.location) }
          : { WHCTL_BASE_URL: world.url() };
        const flags = safeWriteFlags(path, declaration, fixtures.unique('key'));
        return whctl([...path.split(' '), ...invocation.args, ...flags], {
          env: { ...address, WHCTL_TOKEN: world.token('admin'), WHCTL_EXTENSIONS: declaration.list, WHCTL_DEBUG: '1' },
        });
      });

      const failed: string[] = [];
      const faults: string[] = [];
      runs.forEach(({ path, invocation }, i) => {
        const run = results[i]!;
        const name = `whctl ${path} ${invocation.args.join(' ')}`;
        const said = run.stderr.split('\n').filter((line) => !line.startsWith('['));
        if (run.code !== 0) failed.push(`${name}: exit ${run.code} ${said.join(' ')}`);
        const writes = traced(run).filter(isWrite);
        if (!writes.length) failed.push(`${name} sent no write`);
        faults.push(...headerFaults(writes, declaration.extensions).map((fault) => `${name}: ${fault}`));
        // An option for a header is offered only where each write of the command takes the header.
        const offered = tree.get(path)!;
        for (const [flag, header] of [
          ['--idempotency-key', 'Idempotency-Key'],
          ['--if-match', 'If-Match'],
        ] as const) {
          const refusing = writes.filter((write) => {
            const operation = operationOf(write);
            return !operation || !declares(operation, header);
          });
          if (offered.includes(flag) && refusing.length)
            faults.push(
              `whctl ${path} offers ${flag}, but ${refusing[0]!.method} ${refusing[0]!.url} takes no ${header}`,
            );
        }
      });
      expect(failed, 'runs that failed').to.deep.equal([]);
      expect([...new Set(faults)], 'headers sent or offered where the operation takes none').to.deep.equal([]);
    });
  }
});
