import { expect } from 'chai';
import { DateTime } from 'luxon';
import { epochInstead, foreignOrigin, howTheyDiffer, offsetInstead, readInstead } from '../src/causes.js';

describe('likely causes named in failure messages', () => {
  it('tells epoch seconds and milliseconds where ISO 8601 is documented, and nothing for other values', () => {
    expect(epochInstead('1741529100')).to.equal(', epoch seconds (2025-03-09T14:05:00Z) where ISO 8601 is documented');
    expect(epochInstead(1741529100000)).to.equal(
      ', epoch milliseconds (2025-03-09T14:05:00Z) where ISO 8601 is documented',
    );
    for (const other of ['2025-03-09T14:05:00Z', 'soon', '42', null, undefined, { at: 1741529100 }])
      expect(epochInstead(other), String(other)).to.equal('');
  });

  it("tells a zone's standard offset in its daylight-saving period, in either hemisphere", () => {
    const summer = DateTime.fromISO('2026-07-01T12:00:00Z');
    expect(offsetInstead(-300, 'America/Toronto', summer)).to.equal(
      ", America/Toronto's standard offset -05:00 in its daylight-saving period (-04:00 on 2026-07-01): " +
        'daylight saving was not applied',
    );
    const southernSummer = DateTime.fromISO('2026-01-15T00:00:00Z');
    expect(offsetInstead(720, 'Pacific/Auckland', southernSummer)).to.include(
      "Pacific/Auckland's standard offset +12:00 in its daylight-saving period (+13:00 on 2026-01-15)",
    );
    expect(offsetInstead(-240, 'America/Toronto', DateTime.fromISO('2026-01-15T12:00:00Z'))).to.equal(
      ", America/Toronto's daylight-saving offset outside its daylight-saving period",
    );
    expect(offsetInstead(0, 'America/Toronto', summer)).to.equal(', UTC instead of America/Toronto');
    expect(offsetInstead(-240, 'America/Toronto', summer), 'the right offset').to.equal('');
    expect(offsetInstead(330, 'America/Toronto', summer), 'an offset no pattern explains').to.equal('');
  });

  it('tells an offset-less time read as UTC or with the standard offset instead of in the zone', () => {
    const sent = '2026-07-01T09:00:00';
    expect(readInstead(sent, DateTime.fromISO('2026-07-01T09:00:00Z'), 'America/Toronto')).to.equal(
      ', 2026-07-01T09:00:00 read as UTC instead of in America/Toronto',
    );
    expect(readInstead(sent, DateTime.fromISO('2026-07-01T14:00:00Z'), 'America/Toronto')).to.equal(
      ", 2026-07-01T09:00:00 read with America/Toronto's standard offset -05:00: daylight saving was not applied",
    );
    expect(readInstead(sent, DateTime.fromISO('2026-07-01T13:00:00Z'), 'America/Toronto'), 'read right').to.equal('');
  });

  it('names the proxy headers for a link to another origin, and nothing for the same origin', () => {
    const requested = 'http://acme.localhost:3000/api/v1/products?page=1';
    const cause = foreignOrigin(new URL('http://internal:8080/api/v1/products?page=2'), requested);
    expect(cause)
      .to.include("another origin than the request's (http://acme.localhost:3000)")
      .and.include('X-Forwarded-Host')
      .and.include('X-Forwarded-Proto')
      .and.include('WH_TRUST_PROXY');
    expect(foreignOrigin(new URL('http://acme.localhost:3000/api/v1/products?page=2'), requested)).to.equal('');
  });

  it('tells the same letters in another case, another normalization or other spaces', () => {
    expect(howTheyDiffer('TORONTO DC', 'Toronto DC')).to.equal(', the same letters in another case');
    expect(howTheyDiffer('Cre\u0300me', 'Crème')).to.equal(', the same text in another Unicode normalization');
    expect(howTheyDiffer(' Toronto DC', 'Toronto DC')).to.equal(', the same text with other spaces around it');
    expect(howTheyDiffer('Vancouver DC', 'Toronto DC')).to.equal('');
    expect(howTheyDiffer(42, '42')).to.equal('');
  });
});
