// A hop on 127.0.0.1 that forwards every request to the reference server with the Host of one
// organization. Generated clients call fetch or axios, which cannot reach `*.localhost` from
// Node nor choose the Host that selects the organization.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostRelay {
  /** The relay's address, e.g. `http://127.0.0.1:41234`. */
  url: string;
  close(): Promise<void>;
}

export function startHostRelay(targetPort: number, host: string): Promise<HostRelay> {
  const server = createServer((req, res) => {
    const upstream = request(
      { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: { ...req.headers, host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}
