// A loopback port for a program that must be told its port (Verdaccio, Prism), or for a client
// that must find nothing listening: one the system just gave out and that was closed again.
import { createServer } from 'node:net';

/** A port on 127.0.0.1 that nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
