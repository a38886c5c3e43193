import { expect } from 'chai';
import { hasExplicitOffset } from '../src/index.js';
import { resolveInputTime } from '../src/time.js';

const TORONTO = 'America/Toronto';
// 2025-03-09 02:00 EST jumps to 03:00 EDT; 2025-11-02 02:00 EDT falls back to 01:00 EST.

describe("resolveInputTime, the contract's reading of input times (DECISIONS 23)", () => {
  it('moves a local time skipped by spring-forward ahead by the gap, as the API does', () => {
    expect(resolveInputTime('2025-03-09T02:30:00', TORONTO).toISO({ suppressMilliseconds: true })).to.equal(
      '2025-03-09T03:30:00-04:00',
    );
  });

  it('reads a local time that occurs twice on a fall-back night as the earlier instant', () => {
    expect(resolveInputTime('2025-11-02T01:30', TORONTO).toISO({ suppressMilliseconds: true })).to.equal(
      '2025-11-02T01:30:00-04:00',
    );
  });

  it('lets an explicit offset win over the zone', () => {
    const time = resolveInputTime('2025-11-02T01:30:00-05:00', TORONTO);
    expect(time.toUTC().toISO({ suppressMilliseconds: true })).to.equal('2025-11-02T06:30:00Z');
    expect(time.zoneName).to.equal(TORONTO);
  });

  it('reads offset-less input as UTC for an unassigned order', () => {
    expect(resolveInputTime('2025-11-02T01:30:00', 'UTC').toISO({ suppressMilliseconds: true })).to.equal(
      '2025-11-02T01:30:00Z',
    );
  });

  it('refuses an unknown zone and input that is not a date-time', () => {
    expect(() => resolveInputTime('2025-03-09T09:00:00', 'Mars/Olympus')).to.throw(RangeError);
    expect(() => resolveInputTime('2025-03-09T09:00:00Z', 'Mars/Olympus')).to.throw(RangeError, /zone/);
    expect(() => resolveInputTime('soon', TORONTO)).to.throw(RangeError);
  });
});

describe('hasExplicitOffset', () => {
  it('tells an exact instant from a wall-clock time', () => {
    expect(
      ['2025-03-09T09:00:00Z', '2025-03-09T09:00:00-05:00', '2025-03-09T09:00:00+0530'].map(hasExplicitOffset),
    ).to.deep.equal([true, true, true]);
    expect(['2025-03-09T09:00:00', '2025-03-09', 'soon'].map(hasExplicitOffset)).to.deep.equal([false, false, false]);
  });
});
