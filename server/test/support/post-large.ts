// A streaming client in a process of its own, as a real one is: it posts a large body in 64 KiB
// writes, asking for the connection to close after, five times in a row, and prints what each
// attempt got: the status and error text, or the socket error (EPIPE, ECONNRESET) it met first.
// In the test's own process the server's reads and the client's writes would take turns on
// one event loop, and the client would rarely still be writing when the server closes.
// Usage: node post-large.js <port> <host> <token> <content-length|chunked> <bytes>
import { request } from 'node:http';

const [port, host, token, framing, size] = process.argv.slice(2);
const body = Buffer.alloc(Number(size), 'a');

function post(): Promise<{ status: number; error: string } | { failed: string }> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: Number(port),
        method: 'POST',
        path: '/api/v1/products',
        headers: {
          host,
          authorization: `Token ${token}`,
          'content-type': 'application/json',
          connection: 'close',
          ...(framing === 'content-length' ? { 'content-length': body.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, error: JSON.parse(Buffer.concat(chunks).toString()).error }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ failed: error.code ?? error.message }));
    let offset = 0;
    const pump = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 65_536);
        offset += piece.length;
        if (!req.write(piece)) return req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

const answers = [];
for (let attempt = 0; attempt < 5; attempt++) answers.push(await post());
process.stdout.write(JSON.stringify(answers));
