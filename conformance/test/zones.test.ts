import { expect } from 'chai';
import { DateTime } from 'luxon';
import { expectedInstant, transitions } from '../src/zones.js';

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

describe('the daylight-saving changes of a zone', () => {
  const from = DateTime.fromISO('2026-01-01T00:00:00Z');
  const changes = (zone: string) =>
    transitions(zone, from)
      .filter((change) => change.at.year === 2026)
      .map(({ kind, wall, at }) => [kind, wall, at.toUTC().toISO({ suppressMilliseconds: true })]);

  it('finds the northern spring gap and autumn overlap, each with a wall-clock time inside it', () => {
    expect(changes('America/Toronto')).to.deep.equal([
      ['gap', '2026-03-08T02:30:00', '2026-03-08T07:00:00Z'],
      ['overlap', '2026-11-01T01:30:00', '2026-11-01T06:00:00Z'],
    ]);
  });

  it('finds the southern autumn overlap and spring gap, in that order', () => {
    expect(changes('Pacific/Auckland')).to.deep.equal([
      ['overlap', '2026-04-05T02:30:00', '2026-04-04T14:00:00Z'],
      ['gap', '2026-09-27T02:30:00', '2026-09-26T14:00:00Z'],
    ]);
  });

  it('finds half-hour changes', () => {
    expect(changes('Australia/Lord_Howe')).to.deep.equal([
      ['overlap', '2026-04-05T01:45:00', '2026-04-04T15:00:00Z'],
      ['gap', '2026-10-04T02:15:00', '2026-10-03T15:30:00Z'],
    ]);
  });

  it('finds none in a zone without daylight saving', () => {
    expect(transitions('Asia/Tokyo', from)).to.deep.equal([]);
    expect(transitions('UTC', from)).to.deep.equal([]);
  });

  it('gives wall-clock times the oracle reads as the change rules say: a skipped one forward, a repeated one early', () => {
    for (const zone of ['America/Toronto', 'Pacific/Auckland']) {
      for (const { kind, wall, at } of transitions(zone, from)) {
        const read = expectedInstant(wall, zone);
        // Forward past the change for a gap; before the change (the earlier instant) for an overlap.
        if (kind === 'gap') expect(read.toMillis(), `${zone} ${wall}`).to.be.greaterThan(at.toMillis());
        else expect(read.toMillis(), `${zone} ${wall}`).to.be.lessThan(at.toMillis());
        expect(read.toFormat("yyyy-MM-dd'T'HH:mm:ss") === wall, `${zone} ${wall}`).to.equal(kind === 'overlap');
      }
    }
  });
});
