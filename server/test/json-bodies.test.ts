import { request } from 'node:http';
import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import fc from 'fast-check';
import { encodeJsonArray } from '../src/middleware/json-bodies.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** An answer's bytes as they arrived, to hold its Content-Length against them. */
function rawAnswer(world: World, method: string, path: string, body?: unknown): Promise<RawAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    request(
      {
        host: '127.0.0.1',
        port: world.server.port,
        method,
        path: `/api/v1${path}`,
        headers: {
          host: world.host(),
          authorization: `Token ${world.token('admin')}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    )
      .on('error', reject)
      .end(payload);
  });
}

function expectJsonBytes(answer: RawAnswer): unknown {
  expect(answer.headers['content-type']).to.equal('application/json; charset=utf-8');
  expect(answer.headers['content-length']).to.equal(String(answer.bytes.length));
  return JSON.parse(answer.bytes.toString('utf8'));
}

describe('JSON bodies as bytes', () => {
  it('encodes an array as JSON.stringify does, byte for byte, whatever its strings hold', () => {
    // Strings of any UTF-16 units (lone surrogates, astral characters), and what JSON cannot hold.
    const element = fc.oneof(fc.jsonValue({ stringUnit: 'binary', maxDepth: 3 }), fc.constant(undefined));
    fc.assert(
      fc.property(fc.array(element, { maxLength: 20 }), (values) => {
        const encoded = encodeJsonArray(values);
        expect(encoded.equals(Buffer.from(JSON.stringify(values)))).to.equal(true);
      }),
      { numRuns: 500 },
    );
  });

  describe('over HTTP', () => {
    let server: TestServer;
    let world: World;
    const name = 'Crème brûlée 🍮 – 焦糖';

    before(async () => {
      ({ server, world } = await startWorld());
      const created = await world
        .as('admin')
        .post('/products', { product: { name, sku: 'CRB-1', location_name: 'Toronto DC' } });
      expect(created.status).to.equal(200);
    });
    after(() => server.close());

    it('sends a list as UTF-8 JSON whose Content-Length counts its bytes', async () => {
      const answer = await rawAnswer(world, 'GET', '/products?sku=CRB-1');
      expect(answer.status).to.equal(200);
      expect(expectJsonBytes(answer)).to.have.nested.property('[0].name', name);
      // Multi-byte characters: more bytes than characters, so a length in characters would be caught.
      expect(answer.bytes.length).to.be.greaterThan(answer.bytes.toString('utf8').length);
    });

    it('sends a single record, a written one and an error the same way', async () => {
      const [listed] = expectJsonBytes(await rawAnswer(world, 'GET', '/products?sku=CRB-1')) as { id: number }[];
      const read = await rawAnswer(world, 'GET', `/products/${listed!.id}`);
      expect(expectJsonBytes(read)).to.have.property('name', name);
      const created = await rawAnswer(world, 'POST', '/products', {
        product: { name: `${name} 2`, sku: 'CRB-2', location_name: 'Toronto DC' },
      });
      expect(created.status).to.equal(200);
      expect(expectJsonBytes(created)).to.have.property('name', `${name} 2`);
      const refused = await rawAnswer(world, 'GET', '/products/2147483000');
      expect(refused.status).to.equal(404);
      expect(expectJsonBytes(refused)).to.have.property('error').that.is.a('string');
    });
  });
});
