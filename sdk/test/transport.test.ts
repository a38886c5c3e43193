import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ConnectionError, createClient, TimeoutError } from '../src/index.js';
import { failureOf } from './support/failure.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

/** A port on the loopback address that nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('SDK failures without an answer', () => {
  describe('through the global fetch', () => {
    useNock();

    it('rejects a refused connection with a ConnectionError that keeps the method, the URL and the cause', async () => {
      api()
        .get('/api/v1/locations')
        .replyWithError(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:443'), { code: 'ECONNREFUSED' }));
      const error = await failureOf(createClient({ baseUrl: BASE, token: TOKEN }).GET('/locations'));
      expect(error).to.be.instanceOf(ConnectionError);
      const failure = error as ConnectionError;
      expect(failure.method).to.equal('GET');
      expect(failure.url).to.equal(`${BASE}/api/v1/locations`);
      expect(failure.path).to.equal('/api/v1/locations');
      expect(failure.code).to.equal('ECONNREFUSED');
      expect(failure.reset).to.equal(false);
      expect(failure.cause).to.be.instanceOf(Error);
      expect(failure.message).to.include(`GET ${BASE}/api/v1/locations got no answer`).and.include('ECONNREFUSED');
    });

    it('rejects a call that outlives the client timeout with a TimeoutError naming the limit', async () => {
      api().get('/api/v1/locations').delay(500).reply(200, []);
      const error = await failureOf(createClient({ baseUrl: BASE, token: TOKEN, timeout: 20 }).GET('/locations'));
      expect(error).to.be.instanceOf(TimeoutError);
      expect(error).to.include({ method: 'GET', url: `${BASE}/api/v1/locations`, timeout: 20 });
      expect((error as Error).message).to.equal(`GET ${BASE}/api/v1/locations timed out after 20 ms`);
    });

    it("lets a call's own timeout override the client's, longer or shorter", async () => {
      api().get('/api/v1/locations').delay(100).reply(200, []);
      const patient = createClient({ baseUrl: BASE, token: TOKEN, timeout: 20 });
      const { data } = await patient.GET('/locations', { timeout: 2_000 });
      expect(data).to.deep.equal([]);

      api().get('/api/v1/products').delay(500).reply(200, []);
      const hasty = createClient({ baseUrl: BASE, token: TOKEN, timeout: 10_000 });
      const error = await failureOf(hasty.GET('/products', { timeout: 20 }));
      expect(error).to.be.instanceOf(TimeoutError).and.include({ timeout: 20 });
    });

    it("turns the caller's AbortSignal.timeout into a TimeoutError too, and leaves a plain abort as it is", async () => {
      api().get('/api/v1/locations').delay(500).reply(200, []);
      const client = createClient({ baseUrl: BASE, token: TOKEN });
      const timedOut = await failureOf(client.GET('/locations', { signal: AbortSignal.timeout(20) }));
      expect(timedOut).to.be.instanceOf(TimeoutError).and.include({ method: 'GET', timeout: undefined });

      api().get('/api/v1/products').delay(500).reply(200, []);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      const aborted = await failureOf(client.GET('/products', { signal: controller.signal }));
      expect(aborted).to.have.property('name', 'AbortError');
    });

    it('refuses a timeout, for the client or a call, that is not a positive number', async () => {
      for (const ms of [0, -5, Number.NaN]) {
        expect(() => createClient({ baseUrl: BASE, token: TOKEN, timeout: ms })).to.throw(
          TypeError,
          /positive number of milliseconds/,
        );
      }
      const error = await failureOf(createClient({ baseUrl: BASE, token: TOKEN }).GET('/locations', { timeout: '5' }));
      expect(error).to.be.instanceOf(TypeError).with.property('message').that.includes("a call's timeout");
    });
  });

  describe('through the *.localhost path (node:http)', () => {
    let server: Server | undefined;
    afterEach(() => {
      server?.closeAllConnections();
      server?.close();
    });

    it('rejects a refused connection with the same ConnectionError', async () => {
      const port = await closedPort();
      const error = await failureOf(
        createClient({ baseUrl: `http://acme.localhost:${port}`, token: TOKEN }).GET('/locations'),
      );
      expect(error)
        .to.be.instanceOf(ConnectionError)
        .and.include({
          method: 'GET',
          url: `http://acme.localhost:${port}/api/v1/locations`,
          code: 'ECONNREFUSED',
        });
    });

    it('rejects a reset connection with a ConnectionError that says it was reset', async () => {
      server = createServer((request) => request.socket.resetAndDestroy());
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const client = createClient({ baseUrl: `http://acme.localhost:${port}`, token: TOKEN, retry: false });
      const error = await failureOf(client.GET('/locations'));
      expect(error).to.be.instanceOf(ConnectionError);
      expect((error as ConnectionError).reset, (error as Error).message).to.equal(true);
    });

    it('rejects a call that outlives its timeout with the same TimeoutError', async () => {
      // Takes the request and never answers.
      server = createServer(() => undefined);
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const client = createClient({ baseUrl: `http://acme.localhost:${port}`, token: TOKEN });
      const error = await failureOf(client.GET('/locations', { timeout: 30 }));
      expect(error).to.be.instanceOf(TimeoutError).and.include({ timeout: 30, path: '/api/v1/locations' });
    });
  });
});
