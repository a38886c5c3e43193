// whctl events and whctl listen against the reference server: the feed listed, shown and
// followed, and forwarded signed to a local node:http receiver that fails once.

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { verifyWebhook } from '@warehouse-kit/sdk';
import { eventually } from '@warehouse-kit/testing';
import { expireEvents, feedEnd, startWorld, type TestServer, type World } from '@warehouse-kit/testing/server';
import whctlManifest from '@warehouse-kit/whctl/package.json' with { type: 'json' };
import { expect } from 'chai';
import { freshHome, json, WHCTL, whctl } from './support/whctl.js';

const whctlVersion = whctlManifest.version;

/** Waits until `condition` holds, by the shared bound of `eventually`. */
const until = (what: string, condition: () => boolean) => eventually(what, async () => condition() || undefined);

describe('whctl events and listen against the reference server', () => {
  let server: TestServer;
  let world: World;
  const children: ChildProcessWithoutNullStreams[] = [];
  before(async () => ({ server, world } = await startWorld({ baseHost: 'localhost' })));
  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await server.close();
  });

  const env = () => ({ WHCTL_BASE_URL: world.url(), WHCTL_TOKEN: world.token('admin') });
  const admin = (...args: string[]) => whctl(args, { env: env() });
  /** A carrier, returned once its event shows in the feed (normally at once: DECISIONS 174). */
  const company = async (name: string) => {
    // Where the feed ends now, not feedEnd: its marker company would show in the tails' company.*.
    const after = (await world.as('admin').get('/events', { start: 'latest' })).body.next_cursor;
    const made = (await world.as('admin').post('/companies', { company: { name, company_type: 'carrier' } })).body;
    return eventually(`the event of company ${made.id}`, async () => {
      // A 429 (the admin token's minute is shared with whctl's runs) is asked again.
      const res = await world.as('admin').get('/events', { after });
      const events: { subject: string }[] = res.status === 200 ? res.body.events : [];
      return events.some((event) => event.subject === `companies/${made.id}`) ? made : undefined;
    });
  };

  /** whctl running until stopped, its output collected as it comes. */
  function start(args: string[]) {
    const home = freshHome();
    const child = spawn(process.execPath, [WHCTL, ...args], {
      env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...env() },
    });
    children.push(child);
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
    const stop = async () => {
      const closed = once(child, 'close');
      child.kill('SIGINT');
      const [code] = await closed;
      return code as number | null;
    };
    return { output, stop };
  }

  it('lists the events after a cursor, every page with --all, and says how to read on', async () => {
    const after = await feedEnd(world.as('admin'));
    const made = await company('Feed Freight');
    const run = await admin('events', 'list', '--after', after, '--types', 'company.*', '--all', '-o', 'json');
    expect(run.code, run.stderr).to.equal(0);
    const [event, ...more] = json(run);
    expect(more).to.deep.equal([]);
    expect(event).to.include({ type: 'company.created', subject: `companies/${made.id}` });
    expect(event.data.object).to.deep.equal(made);
    const next = /^read on with: whctl events list --after (\S+)$/m.exec(run.stderr)?.[1];
    expect(next, run.stderr).to.be.a('string');
    expect(json(await admin('events', 'list', '--after', next!, '-o', 'json'))).to.deep.equal([]);

    const shown = await admin('events', 'get', event.id, '-o', 'json');
    expect(json(shown)).to.deep.equal(event);
  });

  it('refuses a malformed id, cursor or type list as usage (2) and an unknown event as not found (4)', async () => {
    for (const args of [
      ['events', 'get', '42'],
      ['events', 'list', '--after', 'not a cursor'],
      ['events', 'list', '--types', 'company'],
      ['events', 'tail', '--interval', '0'],
      ['events', 'tail', '-o', 'json'],
      ['listen', '--forward-to', 'ftp://localhost/hook'],
      ['listen'],
    ]) {
      const run = await admin(...args);
      expect(run.code, args.join(' ')).to.equal(2);
      expect(run.stderr, args.join(' ')).to.match(/^whctl: /);
    }
    const unknown = await admin('events', 'get', 'evt_999999999999');
    expect(unknown.code).to.equal(4);
    expect(unknown.stderr).to.match(/^whctl: 404 Not Found: /);
  });

  it('tails the feed from now, one line per event (ndjson with -o ndjson), and stops on SIGINT with 0', async () => {
    const lines = start(['events', 'tail', '--interval', '0.1', '--types', 'company.*']);
    const json = start(['events', 'tail', '--interval', '0.1', '--types', 'company.*', '-o', 'ndjson']);
    await until('both tails to start', () => [lines, json].every(({ output }) => output.stderr.includes('following')));
    const made = await company('Tail Freight');
    await until('the event line', () => lines.output.stdout.includes('\n') && json.output.stdout.includes('\n'));
    expect(lines.output.stdout).to.match(
      new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[^ ]+ company\\.created companies/${made.id} evt_\\d+\\n$`),
    );
    expect(JSON.parse(json.output.stdout).data.object).to.deep.equal(made);
    expect(await lines.stop()).to.equal(0);
    expect(await json.stop()).to.equal(0);
  });

  it('forwards each event signed with a session secret, retrying a failing receiver with the same webhook-id', async () => {
    const received: { headers: IncomingHttpHeaders; body: string; url: string }[] = [];
    const receiver: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body, url: req.url ?? '' });
        res.writeHead(received.length === 1 ? 500 : 204).end();
      });
    });
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
    try {
      const url = `http://localhost:${(receiver.address() as AddressInfo).port}/hook`;
      const listening = start(['listen', '--forward-to', url, '--interval', '0.1', '--types', 'company.*']);
      await until('the secret', () => listening.output.stderr.includes('whsec_'));
      const secret = /signing secret (whsec_\S+)/.exec(listening.output.stderr)![1]!;
      const made = await company('Listen Freight');
      await until('the retried delivery', () => listening.output.stdout.includes('\n'));
      expect(received).to.have.length(2);
      const events = received.map(({ body, headers }) => verifyWebhook(body, headers, secret));
      expect(events[0]).to.deep.equal(events[1]);
      expect(events[0]!.data.object).to.deep.equal(made);
      expect(received.map(({ headers }) => headers['webhook-id'])).to.deep.equal([events[0]!.id, events[0]!.id]);
      expect(received[0]!.url).to.equal('/hook');
      // As a deployment's webhooks arrive: whctl's own user-agent, none of the headers Node's fetch adds as a browser would.
      for (const { headers } of received) {
        expect(headers['user-agent']).to.equal(`whctl/${whctlVersion}`);
        expect(Object.keys(headers).sort()).to.deep.equal([
          'connection',
          'content-length',
          'content-type',
          'host',
          'user-agent',
          'webhook-id',
          'webhook-signature',
          'webhook-timestamp',
        ]);
      }
      expect(listening.output.stdout).to.match(
        new RegExp(`company\\.created companies/${made.id} ${events[0]!.id} -> 500, 204\\n$`),
      );
      expect(await listening.stop()).to.equal(0);
    } finally {
      receiver.close();
    }
  });

  it('moves on from a receiver that keeps failing after --attempts, saying so', async () => {
    // Nothing listens on this port once the server is closed: every attempt is refused.
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const listening = start([
      'listen',
      '--forward-to',
      `http://localhost:${port}/hook`,
      '--interval',
      '0.1',
      '--attempts',
      '2',
      '--types',
      'company.*',
    ]);
    await until('the secret', () => listening.output.stderr.includes('whsec_'));
    await company('Nobody Freight');
    await until('the delivery line', () => listening.output.stdout.includes('\n'));
    expect(listening.output.stdout).to.match(/ -> connection refused, connection refused: gave up after 2 attempts\n$/);
    expect(await listening.stop()).to.equal(0);
  });

  // Last: it expires every event of the world.
  it('answers an expired cursor with exit status 4 and what to do', async () => {
    const after = await feedEnd(world.as('admin'));
    await company('Expired Freight');
    const [old] = json(await admin('events', 'list', '--after', after, '-o', 'json'));
    expect(await expireEvents(world.id)).to.be.at.least(1);
    for (const command of [
      ['events', 'list'],
      ['events', 'tail'],
      ['listen', '--forward-to', 'http://localhost:1/hook'],
    ]) {
      const run = await admin(...command, '--after', old.cursor);
      expect(run.code, command.join(' ')).to.equal(4);
      expect(run.stderr).to.match(/^whctl: 410 Gone: cursor expired: .*; start again without --after\n$/m);
    }
  });
});
