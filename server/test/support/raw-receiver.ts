// A webhook receiver that speaks raw bytes on loopback (net.createServer), for receivers no HTTP
// library would write: a 101, a flood of 1xx, headers or a body that never end, a reset, TLS
// or HTTP/0.9 bytes. Each connection reads the delivery's request (head and Content-Length
// body), then does what the test scripts; whatever the other side does, the test can wait
// until every connection it accepted has closed.
import { createServer, type Socket } from 'node:net';

export interface RawBehaviour {
  /** What to do with a connection once the request has come, or at once with `onConnect`. */
  act(socket: Socket): void;
  /** Act as soon as the connection opens (a TLS client speaks first), not after the request. */
  onConnect?: boolean;
  /** What to do when the sender closes its side (the receiver's answer comes too late then). */
  afterSenderEnds?(socket: Socket): void;
}

export interface RawReceiver {
  /** `http://` (or `https://` with `tls`) and the port, path `/hook`. */
  url: string;
  /** How many connections it accepted. */
  accepted(): number;
  /** Resolves once every connection accepted so far has closed. */
  allClosed(): Promise<void>;
  close(): Promise<void>;
}

/** Whether the whole request has come: its head, and the body its Content-Length gives. */
function requestRead(received: Buffer): boolean {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(received.subarray(0, end).toString('latin1'));
  return received.length >= end + 4 + Number(length?.[1] ?? 0);
}

export async function startRawReceiver(
  behaviour: RawBehaviour,
  scheme: 'http' | 'https' = 'http',
): Promise<RawReceiver> {
  const closed: Promise<void>[] = [];
  const sockets = new Set<Socket>();
  // Half-open, so that a receiver can still write once the sender has closed its side.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    closed.push(new Promise((resolve) => socket.once('close', () => resolve())));
    socket.once('close', () => sockets.delete(socket));
    // A reset by the sender is one of the ways it ends; nothing to report.
    socket.on('error', () => {});
    socket.once('end', () => {
      behaviour.afterSenderEnds?.(socket);
      socket.end();
    });
    if (behaviour.onConnect) {
      // What the sender writes is dropped; read, so that its end is seen.
      socket.resume();
      return behaviour.act(socket);
    }
    let received = Buffer.alloc(0);
    const read = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!requestRead(received)) return;
      socket.off('data', read);
      // The rest of what comes is read and dropped, so that nothing the sender writes blocks it.
      socket.resume();
      behaviour.act(socket);
    };
    socket.on('data', read);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `${scheme}://127.0.0.1:${port}/hook`,
    accepted: () => closed.length,
    allClosed: async () => {
      await Promise.all(closed);
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
