import { resolveInputTime as contractResolveInputTime } from '@warehouse-kit/spec/time';
import { expect } from 'chai';
import { DateTime } from 'luxon';
import { instant, parseTime, resolveInputTime, wallClock } from '../src/time.js';

const TORONTO = 'America/Toronto';
// 2025-03-09 02:00 EST jumps to 03:00 EDT; 2025-11-02 02:00 EDT falls back to 01:00 EST.

describe('SDK time helpers', () => {
  describe('wallClock', () => {
    it('writes plain units without an offset, keeping a time the spring-forward change skips', () => {
      expect(wallClock({ year: 2025, month: 3, day: 9, hour: 2, minute: 30 })).to.equal('2025-03-09T02:30:00');
    });

    it('writes the local fields of a zoned DateTime on either side of the change', () => {
      const before = DateTime.fromObject({ year: 2025, month: 3, day: 9, hour: 1, minute: 30 }, { zone: TORONTO });
      expect(wallClock(before)).to.equal('2025-03-09T01:30:00');
      expect(wallClock(before.plus({ hours: 2 }))).to.equal('2025-03-09T04:30:00');
    });

    it('keeps milliseconds only when there are some', () => {
      expect(wallClock({ year: 2025, month: 7, day: 1, hour: 9, millisecond: 250 })).to.equal(
        '2025-07-01T09:00:00.250',
      );
    });

    it('refuses units that name no time', () => {
      expect(() => wallClock({ year: 2025, month: 13, day: 1 })).to.throw(RangeError, /wallClock/);
    });
  });

  describe('instant', () => {
    it('writes a DateTime with its own offset, so the API reads that exact instant', () => {
      const fallBackFirst = DateTime.fromISO('2025-11-02T01:30:00-04:00', { setZone: true });
      expect(instant(fallBackFirst)).to.equal('2025-11-02T01:30:00-04:00');
      expect(instant(fallBackFirst.setZone(TORONTO).plus({ hours: 1 }))).to.equal('2025-11-02T01:30:00-05:00');
    });

    it('writes a Date in UTC', () => {
      expect(instant(new Date('2025-03-09T14:00:00Z'))).to.equal('2025-03-09T14:00:00Z');
    });

    it('refuses an invalid DateTime rather than sending "null"', () => {
      expect(() => instant(DateTime.invalid('test'))).to.throw(RangeError, /instant/);
    });
  });

  describe('parseTime', () => {
    it('keeps the offset a response time was sent with, telling apart the two 01:30s of a fall-back night', () => {
      const first = parseTime('2025-11-02T01:30:00-04:00');
      const second = parseTime('2025-11-02T01:30:00-05:00');
      expect([first.hour, first.offset, second.hour, second.offset]).to.deep.equal([1, -240, 1, -300]);
      expect(second.diff(first, 'minutes').minutes).to.equal(60);
      expect(first.toISO({ suppressMilliseconds: true })).to.equal('2025-11-02T01:30:00-04:00');
    });

    it('reads a time in the warehouse zone, so a day later is the same wall-clock time across the change', () => {
      const saturday = parseTime('2025-03-08T09:00:00-05:00', TORONTO);
      expect(saturday.zoneName).to.equal(TORONTO);
      const sunday = saturday.plus({ days: 1 });
      expect(sunday.toISO({ suppressMilliseconds: true })).to.equal('2025-03-09T09:00:00-04:00');
      expect(sunday.diff(saturday, 'hours').hours).to.equal(23);
    });

    it('reads UTC times as UTC', () => {
      expect(parseTime('2025-03-09T14:00:00Z').zoneName).to.equal('UTC');
    });

    it('passes null through, as the API sends for unset times', () => {
      expect(parseTime(null)).to.equal(null);
    });

    it('refuses a time without an offset, whose instant is unknown', () => {
      expect(() => parseTime('2025-03-09T09:00:00')).to.throw(RangeError, /no UTC offset/);
      expect(() => parseTime('2025-03-09')).to.throw(RangeError, /no UTC offset/);
    });

    it('refuses text that is not ISO 8601 and a zone that is not IANA', () => {
      expect(() => parseTime('Sun, 09 Mar 2025 14:00:00 -0500')).to.throw(RangeError);
      expect(() => parseTime('2025-03-09T25:00:00Z')).to.throw(RangeError, /parseTime/);
      expect(() => parseTime('2025-03-09T14:00:00Z', 'Mars/Olympus')).to.throw(RangeError, /zone/);
    });
  });

  it("re-exports the contract's own reading of input times", () => {
    expect(resolveInputTime).to.equal(contractResolveInputTime);
  });
});
