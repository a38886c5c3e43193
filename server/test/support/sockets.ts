// Raw TCP connections to a server, for what an HTTP client library hides: connections that
// send nothing, requests sent in pieces, and whether the server closed the connection.
import { connect, type Socket } from 'node:net';

export interface RawConnection {
  socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves once the server closed the connection, with what it sent. */
  closed: Promise<string>;
}

/** `allowHalfOpen` keeps the client's end open after the server closed its own, as a careless client may. */
export function openConnection(
  port: number,
  host = '127.0.0.1',
  options: { allowHalfOpen?: boolean } = {},
): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = connect({ port, host, ...options });
    const closed = new Promise<string>((done) => socket.once('close', () => done(data)));
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.removeListener('error', reject);
      socket.on('error', () => {});
      resolve({ socket, received: () => data, closed });
    });
  });
}

/** Whether a new connection to the address is refused. */
export function refused(port: number, host = '127.0.0.1'): Promise<boolean> {
  return openConnection(port, host).then(
    (connection) => {
      connection.socket.destroy();
      return false;
    },
    (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
  );
}
