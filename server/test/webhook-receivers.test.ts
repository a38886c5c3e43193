// Sends that always end (DECISIONS 420): a table of receivers that misbehave, each a socket
// server on loopback writing raw bytes, each sent one delivery by the delivery worker. Every send
// settles and is recorded, with the receiver's status or the category of its absence; the
// receiver sees its connection closed; and the worker's slot is free again. The timeout is 2 s, so
// that a receiver's prompt answer comes well within it on a loaded machine; the retry schedule is
// not shortened, so the first attempt's slot is seen free before a retry (5 s ±20 % on) takes one.
import type { Socket } from 'node:net';
import { eventually } from '@warehouse-kit/testing';
import { createWorld, startTestServer, type TestServer, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import type { WebhookDelivery } from '../src/webhooks/worker.js';
import { type RawBehaviour, startRawReceiver } from './support/raw-receiver.js';
import { deleteEndpoints, endpointWithOneEvent, startWebhookWorker } from './support/webhook-worker.js';

const TIMEOUT_MS = 2_000;

type Outcome = { status_code: number; error: null } | { status_code: null; error: string };
const status = (code: number): Outcome => ({ status_code: code, error: null });
const error = (category: string): Outcome => ({ status_code: null, error: category });

/** Writes `text` as long as the connection takes it, and again whenever it drains, until it closes. */
function pump(socket: Socket, text: string): void {
  const write = () => {
    while (!socket.destroyed && socket.writable) if (!socket.write(text)) return void socket.once('drain', write);
  };
  write();
}

const writes =
  (text: string | Buffer): RawBehaviour['act'] =>
  (socket) =>
    socket.write(text);

const UPGRADE = 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n';
const OK_100_BYTES = 'HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n';
/** A TLS record: the alert a TLS server sends a client that does not speak TLS (fatal, handshake_failure). */
const TLS_ALERT = Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x28]);

const TABLE: { receiver: string; behaviour: RawBehaviour; outcome: Outcome; scheme?: 'https' }[] = [
  {
    receiver: 'answers 101 Switching Protocols with Upgrade',
    behaviour: { act: writes(UPGRADE) },
    outcome: status(101),
  },
  {
    receiver: 'answers 101 without Upgrade',
    behaviour: { act: writes('HTTP/1.1 101 Switching Protocols\r\n\r\n') },
    outcome: status(101),
  },
  {
    receiver: 'answers 101, then speaks another protocol',
    behaviour: { act: writes(`${UPGRADE}\x81\x05hello`) },
    outcome: status(101),
  },
  {
    receiver: 'floods 1xx answers and never a final one',
    behaviour: { act: (socket) => pump(socket, 'HTTP/1.1 102 Processing\r\n\r\n') },
    outcome: error('connection_failed'),
  },
  {
    receiver: 'sends a 1xx answer now and then, and never a final one',
    behaviour: {
      act(socket) {
        const every = setInterval(() => socket.write('HTTP/1.1 102 Processing\r\n\r\n'), 100);
        socket.once('close', () => clearInterval(every));
      },
    },
    outcome: error('timeout'),
  },
  {
    receiver: 'answers 100 Continue, then 204',
    behaviour: { act: writes('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n') },
    outcome: status(204),
  },
  {
    receiver: 'answers 103 Early Hints, then 202',
    behaviour: {
      act: writes('HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n'),
    },
    outcome: status(202),
  },
  {
    receiver: 'never finishes its headers',
    behaviour: { act: writes('HTTP/1.1 200 OK\r\nX-Pending: 1\r\n') },
    outcome: error('timeout'),
  },
  {
    receiver: 'never finishes its body (the status stands)',
    behaviour: { act: writes(`${OK_100_BYTES}abc`) },
    outcome: status(200),
  },
  {
    receiver: 'writes an endless body',
    behaviour: {
      act(socket) {
        socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
        pump(socket, `400\r\n${'x'.repeat(1024)}\r\n`);
      },
    },
    outcome: status(200),
  },
  {
    receiver: 'resets the connection after its headers',
    behaviour: {
      act: (socket) =>
        socket.write('HTTP/1.1 202 Accepted\r\nContent-Length: 100\r\n\r\n', () => socket.resetAndDestroy()),
    },
    outcome: status(202),
  },
  {
    receiver: 'half-closes the connection before answering',
    behaviour: { act: (socket) => socket.end() },
    outcome: error('connection_failed'),
  },
  {
    receiver: 'half-closes the connection in the middle of its body',
    behaviour: { act: (socket) => socket.end(`${OK_100_BYTES}abc`) },
    outcome: status(200),
  },
  {
    receiver: 'answers TLS bytes on plain HTTP',
    behaviour: { act: writes(TLS_ALERT) },
    outcome: error('connection_failed'),
  },
  {
    receiver: 'answers as HTTP/0.9, a body without a status line',
    behaviour: { act: (socket) => socket.end('<html>received</html>\n') },
    outcome: error('connection_failed'),
  },
  {
    receiver: 'sends headers without end (over 16 KiB)',
    behaviour: {
      act(socket) {
        socket.write('HTTP/1.1 200 OK\r\n');
        pump(socket, `X-Padding: ${'a'.repeat(1000)}\r\n`);
      },
    },
    outcome: error('connection_failed'),
  },
  {
    receiver: 'redirects (not followed)',
    behaviour: { act: writes('HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:1/\r\nContent-Length: 0\r\n\r\n') },
    outcome: status(302),
  },
  {
    receiver: 'closes with no answer',
    behaviour: { act: (socket) => socket.destroy() },
    outcome: error('connection_failed'),
  },
  {
    receiver: 'resets with no answer',
    behaviour: { act: (socket) => socket.resetAndDestroy() },
    outcome: error('connection_failed'),
  },
  {
    receiver: 'answers only once the sender has given up',
    behaviour: { act: () => {}, afterSenderEnds: writes('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n') },
    outcome: error('timeout'),
  },
  { receiver: 'reads the request and says nothing', behaviour: { act: () => {} }, outcome: error('timeout') },
  {
    receiver: 'never finishes the TLS handshake of an https URL',
    behaviour: { act: () => {}, onConnect: true },
    outcome: error('timeout'),
    scheme: 'https',
  },
  {
    receiver: 'answers plain HTTP on an https URL',
    behaviour: { act: writes('HTTP/1.1 400 Bad Request\r\n\r\n'), onConnect: true },
    outcome: error('tls'),
    scheme: 'https',
  },
];

describe('webhook sends to receivers that misbehave (extension)', () => {
  let server: TestServer;
  let worker: WebhookDelivery;
  let world: World;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true } });
    worker = await startWebhookWorker({ webhookTimeoutMs: TIMEOUT_MS, webhookRetryScale: 1 });
    world = await createWorld(server);
  });
  after(async () => {
    await worker.stop();
    await server.close();
  });
  afterEach(() => deleteEndpoints(world));

  for (const { receiver: does, behaviour, outcome, scheme } of TABLE) {
    it(`settles a send to a receiver that ${does}: ${outcome.error ?? outcome.status_code}, its slot freed`, async () => {
      const receiver = await startRawReceiver(behaviour, scheme);
      try {
        const endpointId = await endpointWithOneEvent(world, receiver.url);
        // Read from the database, not the API: waiting on a send that never ends must not meet the rate limit first.
        const delivery = await eventually('the attempt recorded', async () => {
          const [found] = await (await testOrm()).em.getConnection().execute<{ id: string; attempts: Outcome[] }[]>(
            `select d.id::text as id, coalesce((select json_agg(json_build_object('status_code', a.status_code,
                  'error', a.error) order by a.id) from webhook_attempts a where a.delivery_id = d.id), '[]') as attempts
              from webhook_deliveries d where d.endpoint_id = ?`,
            [endpointId],
          );
          return found?.attempts.length ? found : undefined;
        });
        expect(delivery.attempts).to.deep.equal([outcome]);
        expect(receiver.accepted(), 'connections').to.equal(1);
        await receiver.allClosed();
        await eventually('the slot freed', async () => (worker.sending().includes(delivery.id) ? undefined : true));
      } finally {
        await receiver.close();
      }
    });
  }
});
