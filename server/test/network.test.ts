import { eventually } from '@warehouse-kit/testing';
import {
  type ChildServer,
  send,
  startChildServer,
  stopChildServer,
  TEST_BASE_HOST,
  uniqueId,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { childEnv, fixtureFile } from './support/child-env.js';
import { openConnection, refused } from './support/sockets.js';

/** Another loopback address: a server bound to 127.0.0.1 alone does not answer on it. */
const OTHER_LOOPBACK = '127.0.0.2';

describe('wh-server on the network', () => {
  // One server for every test that does not stop it: the default address, and short timeouts
  // and a small connection limit for the idle and slow clients.
  let server: ChildServer;

  before(async () => {
    server = await startChildServer(
      [],
      childEnv({ WH_HEADERS_TIMEOUT_MS: '300', WH_KEEP_ALIVE_TIMEOUT_MS: '1000', WH_MAX_CONNECTIONS: '5' }),
    );
  });
  after(() => stopChildServer(server.child));

  describe('the address it listens on', () => {
    it('listens on 127.0.0.1 only by default', async () => {
      // A connection closed with its answer, so that the tests of the connection limit start with none open.
      const socket = await openConnection(server.port);
      socket.socket.end(`GET /healthz HTTP/1.1\r\nHost: ${TEST_BASE_HOST}\r\nConnection: close\r\n\r\n`);
      expect(await socket.closed).to.match(/^HTTP\/1.1 200 OK/);
      expect(await refused(server.port, OTHER_LOOPBACK)).to.equal(true);
    });

    it('listens on every interface with --host 0.0.0.0, as in a container', async () => {
      const { child, port } = await startChildServer(['--host', '0.0.0.0'], childEnv());
      try {
        const socket = await openConnection(port, OTHER_LOOPBACK);
        socket.socket.end(`GET /healthz HTTP/1.1\r\nHost: ${TEST_BASE_HOST}\r\nConnection: close\r\n\r\n`);
        expect(await socket.closed).to.match(/^HTTP\/1.1 200 OK/);
      } finally {
        await stopChildServer(child);
      }
    });
  });

  describe('idle and slow clients', () => {
    it('answers 408 and closes connections that send no request within the headers timeout', async () => {
      const idle = await Promise.all(Array.from({ length: 5 }, () => openConnection(server.port)));
      for (const received of await Promise.all(idle.map((connection) => connection.closed)))
        expect(received).to.match(/^HTTP\/1.1 408 Request Timeout/);
    });

    it('closes connections beyond the maximum at once, and answers again once the idle ones are gone', async () => {
      // Five kept-alive connections, each shown to be accepted by the answer to its request.
      const open = await Promise.all(Array.from({ length: 5 }, () => openConnection(server.port)));
      for (const connection of open)
        connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${TEST_BASE_HOST}\r\n\r\n`);
      await eventually(
        'an answer on each connection',
        async () => open.every((connection) => connection.received().includes('{"status":"ok"}')) || undefined,
      );
      const extra = await openConnection(server.port);
      expect(await extra.closed).to.equal('');
      expect(open.every((connection) => !connection.socket.closed)).to.equal(true);
      await Promise.all(open.map((connection) => connection.closed));
      expect((await send(server.port, TEST_BASE_HOST, 'GET', '/healthz')).status).to.equal(200);
    });

    it('lets go of connections it refused, though their clients keep their end open', async () => {
      // As many as the server takes, each refused and then kept open by its client: a CONNECT,
      // whose connection Node hands over, so that no check of its own closes it.
      const refused = await Promise.all(
        Array.from({ length: 5 }, () => openConnection(server.port, '127.0.0.1', { allowHalfOpen: true })),
      );
      for (const { socket } of refused) socket.write('CONNECT other.example:443 HTTP/1.1\r\n\r\n');
      for (const connection of refused)
        await eventually('the refusal', async () => connection.received().includes(' 501 ') || undefined);
      // Beyond the maximum a connection is closed at once; once the server let the refused go, one is served.
      const served = await eventually('a connection served', () =>
        send(server.port, TEST_BASE_HOST, 'GET', '/healthz').then(
          (res) => res.status,
          () => undefined,
        ),
      );
      expect(served).to.equal(200);
      for (const { socket } of refused) socket.destroy();
    });

    it('closes a kept-alive connection that stays idle after its request', async () => {
      const connection = await openConnection(server.port);
      connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${TEST_BASE_HOST}\r\n\r\n`);
      const received = await connection.closed;
      expect(received).to.match(/^HTTP\/1.1 200 OK/);
      expect(received).to.include('Keep-Alive: timeout=1');
    });
  });

  describe('stopping on a signal', () => {
    const id = uniqueId('n');
    const fixture = fixtureFile(id);
    /** A product create in two parts: all but the last bytes of the body, then the rest. */
    function productCreate(): [string, string] {
      const body = JSON.stringify({ product: { location_name: 'Toronto DC', name: 'Pears', sku: uniqueId('P') } });
      const head =
        `POST /api/v1/products HTTP/1.1\r\nHost: ${id}.${TEST_BASE_HOST}\r\n` +
        `Authorization: Token ${id}-admin-token\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
      return [head + body.slice(0, 10), body.slice(10)];
    }

    /** Signals the server and waits until it says it is stopping; `exited` gives its exit code. */
    async function stopping(server: ChildServer, signal: NodeJS.Signals): Promise<{ exited: Promise<number | null> }> {
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      server.child.kill(signal);
      await eventually('wh-server saying it is stopping', async () => {
        if (server.output().includes('"msg":"stopping')) return true;
        if (server.child.exitCode !== null || server.child.signalCode !== null)
          throw new Error(`wh-server ended before it said it was stopping:\n${server.output()}`);
        return undefined;
      });
      return { exited };
    }

    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      it(`on ${signal} refuses new connections, finishes the request in flight, then exits 0`, async () => {
        const server = await startChildServer(['--fixture', fixture], childEnv());
        const [start, rest] = productCreate();
        const connection = await openConnection(server.port);
        connection.socket.write(start);
        const { exited } = await stopping(server, signal);
        expect(await refused(server.port)).to.equal(true);
        connection.socket.write(rest);
        expect(await connection.closed).to.match(/^HTTP\/1.1 200 OK/);
        expect(await exited).to.equal(0);
        expect(server.output()).to.include('"msg":"stopped"');
      });
    }

    it('closes a request still unfinished at the deadline, then exits 0', async () => {
      const server = await startChildServer(['--fixture', fixture], childEnv({ WH_SHUTDOWN_TIMEOUT_MS: '300' }));
      const connection = await openConnection(server.port);
      connection.socket.write(productCreate()[0]);
      const { exited } = await stopping(server, 'SIGTERM');
      expect(await connection.closed).to.equal('');
      expect(await exited).to.equal(0);
      expect(server.output()).to.include('deadline passed');
    });
  });
});
