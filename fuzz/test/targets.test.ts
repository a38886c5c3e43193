import { expect } from 'chai';
import fc from 'fast-check';
import { fuzzRequests, only } from '../src/index.js';
import { hostileScalars } from '../src/values.js';

/** Requests a campaign with these targets would send, decoded: path, query and JSON body. */
function sample(targets: Parameters<typeof fuzzRequests>[0], runs = 400) {
  return fc.sample(fuzzRequests(targets), { seed: 42, numRuns: runs }).map((request) => {
    const url = new URL(request.target, 'http://x');
    let body: unknown;
    try {
      body =
        request.body && request.headers['content-encoding'] === undefined
          ? JSON.parse(String(request.body))
          : undefined;
    } catch {
      body = undefined;
    }
    return { request, url, body };
  });
}

/** Every value under `key` in a JSON value, down to the depth a record has (hostile bodies nest far deeper). */
function valuesOf(value: unknown, key: string, depth = 0): unknown[] {
  if (!value || typeof value !== 'object' || depth > 8) return [];
  return Object.entries(value).flatMap(([name, inner]) => [
    ...(name === key ? [inner] : []),
    ...valuesOf(inner, key, depth + 1),
  ]);
}

describe('what a campaign aims at', () => {
  const targets = {
    hosts: ['acme.localhost:3000'],
    tokens: ['t0ken'],
    ids: [2147483000],
    idsByPath: { '/products/{id}': [7, 2147483000] },
    hostileIds: ['0', 'abc'],
    operations: ['getProduct', 'updateProduct', 'deleteProduct', 'createCompany', 'updateCompany'],
    hints: {
      name: only(fc.constantFrom('cf-1 a', 'cf-1 b')),
      company_number: fc.constant('KNOWN'),
    },
  };
  const sent = sample(targets);

  it('sends only the operations it is given', () => {
    const ids = new Set(sent.map(({ request }) => request.operationId));
    expect([...ids].sort()).to.deep.equal([...targets.operations].sort());
  });

  it('puts in a path only the ids given for that kind of record, or the hostile ids given', () => {
    for (const { url } of sent) {
      const [, , , collection, id] = url.pathname.split('/');
      if (id === undefined) continue;
      const allowed = collection === 'products' ? ['7', '2147483000'] : ['2147483000'];
      expect([...allowed, '0', 'abc'], url.pathname).to.include(decodeURIComponent(id));
    }
  });

  it('gives a property with an exclusive hint only the hint, and one with a plain hint mostly the hint', () => {
    const names = sent.flatMap(({ body }) => valuesOf(body, 'name')).filter((name) => typeof name === 'string');
    expect(names.length).to.be.greaterThan(20);
    // Poisoned bodies put a hostile value in place of a field: every other name is a hint.
    const generated = names.filter((name) => !hostileScalars.includes(name));
    expect(generated.length).to.be.greaterThan(names.length / 2);
    expect([...new Set(generated)].sort()).to.deep.equal(['cf-1 a', 'cf-1 b']);
    const numbers = sent.flatMap(({ body }) => valuesOf(body, 'company_number'));
    expect(numbers).to.include('KNOWN');
    expect(numbers.some((value) => value !== 'KNOWN')).to.equal(true);
  });
});
