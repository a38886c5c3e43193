import { expect } from 'chai';
import { parseHttpDate, retryAfterMs } from '../src/index.js';

const NOW = Date.parse('2026-12-01T12:00:00Z');

describe('Retry-After, read one way for the SDK and the server (RFC 9110 §10.2.3)', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterMs('120', NOW)).to.equal(120_000);
    expect(retryAfterMs(' 0 ', NOW)).to.equal(0);
    expect(retryAfterMs('99999999999', NOW)).to.equal(99_999_999_999_000);
  });

  it('reads an HTTP date in each of the three forms a recipient must accept, measured against now', () => {
    for (const date of ['Tue, 01 Dec 2026 12:01:00 GMT', 'Tuesday, 01-Dec-26 12:01:00 GMT', 'Tue Dec  1 12:01:00 2026'])
      expect(retryAfterMs(date, NOW), date).to.equal(60_000);
    expect(retryAfterMs('Tue, 01 Dec 2026 11:00:00 GMT', NOW)).to.equal(0);
  });

  it('takes a two-digit year as the latest with those digits at most 50 years ahead', () => {
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).to.equal(Date.parse('1994-11-06T08:49:37Z'));
    expect(parseHttpDate('Monday, 01-Jan-76 00:00:00 GMT', NOW)).to.equal(Date.parse('2076-01-01T00:00:00Z'));
    expect(parseHttpDate('Tuesday, 01-Jan-77 00:00:00 GMT', NOW)).to.equal(Date.parse('1977-01-01T00:00:00Z'));
  });

  it('reads nothing else: no other date form, no impossible date, no sign, exponent or fraction', () => {
    for (const unreadable of [
      undefined,
      null,
      '',
      'soon',
      '-5',
      '1e3',
      '1.5',
      '2026-12-01T12:01:00Z',
      'Tue, 1 Dec 2026 12:01:00 GMT',
      'Tue, 01 Dec 2026 12:01:00 UTC',
      'Mon, 31 Feb 2026 12:00:00 GMT',
      'Tue, 01 Dec 2026 24:00:00 GMT',
      'Tue Dec 1 12:01:00 2026',
    ])
      expect(retryAfterMs(unreadable, NOW), String(unreadable)).to.equal(undefined);
  });
});
