import { expect } from 'chai';
import { expectedInstant } from '../src/zones.js';

// The suite's time oracle, against instants worked out by hand from each zone's published
// daylight-saving rules, on both transitions in both hemispheres.
describe('the time oracle', () => {
  const utc = (sent: string, zone: string) => expectedInstant(sent, zone).toUTC().toISO({ suppressMilliseconds: true });

  it('reads an ordinary wall-clock time in the zone', () => {
    expect(utc('2026-07-01T09:00:00', 'America/Toronto')).to.equal('2026-07-01T13:00:00Z');
    expect(utc('2026-07-01T09:00:00', 'Pacific/Auckland')).to.equal('2026-06-30T21:00:00Z');
  });

  it('lets an explicit offset or Z win over the zone', () => {
    expect(utc('2026-03-08T02:30:00-05:00', 'Pacific/Auckland')).to.equal('2026-03-08T07:30:00Z');
    expect(utc('2026-03-08T02:30:00Z', 'America/Toronto')).to.equal('2026-03-08T02:30:00Z');
  });

  it('moves a time skipped by a northern spring change forward by the gap', () => {
    // Toronto: 02:00 EST becomes 03:00 EDT on 8 March 2026, so 02:30 is 03:30 EDT.
    expect(utc('2026-03-08T02:30:00', 'America/Toronto')).to.equal('2026-03-08T07:30:00Z');
  });

  it('takes the earlier instant of a time repeated by a northern autumn change', () => {
    // Toronto: 02:00 EDT becomes 01:00 EST on 1 November 2026; 01:30 EDT comes first.
    expect(utc('2026-11-01T01:30:00', 'America/Toronto')).to.equal('2026-11-01T05:30:00Z');
  });

  it('moves a time skipped by a southern spring change forward by the gap', () => {
    // Auckland: 02:00 NZST becomes 03:00 NZDT on 27 September 2026, so 02:30 is 03:30 NZDT.
    expect(utc('2026-09-27T02:30:00', 'Pacific/Auckland')).to.equal('2026-09-26T14:30:00Z');
  });

  it('takes the earlier instant of a time repeated by a southern autumn change', () => {
    // Auckland: 03:00 NZDT becomes 02:00 NZST on 5 April 2026; 02:30 NZDT comes first.
    expect(utc('2026-04-05T02:30:00', 'Pacific/Auckland')).to.equal('2026-04-04T13:30:00Z');
  });

  it('handles a half-hour change', () => {
    // Lord Howe Island: 02:00 +10:30 becomes 02:30 +11:00 on 4 October 2026.
    expect(utc('2026-10-04T02:15:00', 'Australia/Lord_Howe')).to.equal('2026-10-03T15:45:00Z');
  });

  it('refuses what is not a date-time', () => {
    expect(() => expectedInstant('2026-13-01T00:00:00', 'UTC')).to.throw(RangeError);
  });
});
