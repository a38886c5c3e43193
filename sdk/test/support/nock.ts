import nock from 'nock';

/** An organization address no test may reach for real; nock answers for it. */
export const BASE = 'https://acme.example.test';
export const TOKEN = 'test-token-123';

/** Intercepts the API under BASE, requiring the SDK's token on every request. */
export function api(base = BASE): nock.Scope {
  return nock(base, { reqheaders: { authorization: `Token ${TOKEN}` } });
}

/** Registers nock hygiene for a suite: no real connections, nothing left over. */
export function useNock(): void {
  before(() => nock.disableNetConnect());
  afterEach(() => nock.cleanAll());
  after(() => nock.enableNetConnect());
}
