import { expect } from 'chai';
import { localDate, readInputTime } from '../src/domain/time.js';
import { renderTime } from '../src/render/time.js';

describe('time rules', () => {
  const toronto = 'America/Toronto';
  const parseInputTime = (value: string, zone: string) => {
    const reading = readInputTime(value, zone);
    if ('problem' in reading) throw new Error(`${value}: ${reading.problem}`);
    return reading.instant;
  };

  describe('reading input', () => {
    it('reads an offset-less time as wall-clock time in the given zone', () => {
      expect(parseInputTime('2025-01-15T09:00:00', toronto).toISOString()).to.equal('2025-01-15T14:00:00.000Z');
      expect(parseInputTime('2025-07-15T09:00', toronto).toISOString()).to.equal('2025-07-15T13:00:00.000Z');
    });

    it('lets an explicit offset or Z win over the zone', () => {
      expect(parseInputTime('2025-01-15T09:00:00-08:00', toronto).toISOString()).to.equal('2025-01-15T17:00:00.000Z');
      expect(parseInputTime('2025-01-15T09:00:00Z', toronto).toISOString()).to.equal('2025-01-15T09:00:00.000Z');
      expect(parseInputTime('2025-01-15T09:00:00+0530', toronto).toISOString()).to.equal('2025-01-15T03:30:00.000Z');
    });

    it('moves a time skipped by the spring-forward change forward by the gap', () => {
      // 02:30 does not exist on 9 March 2025 in Toronto; it becomes 03:30 daylight time.
      expect(parseInputTime('2025-03-09T02:30:00', toronto).toISOString()).to.equal('2025-03-09T07:30:00.000Z');
    });

    it('reads a time repeated by the fall-back change as the earlier instant', () => {
      // 01:30 happens twice on 2 November 2025 in Toronto: first at -04:00, then at -05:00.
      expect(parseInputTime('2025-11-02T01:30:00', toronto).toISOString()).to.equal('2025-11-02T05:30:00.000Z');
    });

    it('reads a repeated southern-hemisphere time as the earlier instant too', () => {
      // Auckland falls back at 03:00 on 6 April 2025; 02:30 occurs at +13:00 and then +12:00.
      expect(parseInputTime('2025-04-06T02:30:00', 'Pacific/Auckland').toISOString()).to.equal(
        '2025-04-05T13:30:00.000Z',
      );
    });

    it('refuses in its own words a date that does not exist and an instant outside the storable years', () => {
      for (const value of ['2025-02-30T10:00:00', '2025-04-31T10:00:00', '2025-13-01T10:00:00']) {
        expect(readInputTime(value, toronto), value).to.deep.equal({
          problem: 'must be a date and time that exist, written like 2025-03-09T09:00:00-05:00',
        });
      }
      for (const value of ['1000-01-01T12:00:00Z', '9999-12-31T00:00:00Z']) {
        expect(readInputTime(value, toronto), value).to.deep.equal({
          problem: 'must be between 1000-01-02 and 9999-12-30',
        });
      }
    });
  });

  describe('rendering', () => {
    it('renders an instant with the offset of the zone, daylight saving applied', () => {
      const instant = new Date('2025-03-09T07:30:00Z');
      expect(renderTime(instant, toronto)).to.equal('2025-03-09T03:30:00-04:00');
      expect(renderTime(new Date('2025-03-08T07:30:00Z'), toronto)).to.equal('2025-03-08T02:30:00-05:00');
    });

    it('renders UTC with Z and shows milliseconds only when there are some', () => {
      expect(renderTime(new Date('2025-03-09T07:30:00Z'), 'UTC')).to.equal('2025-03-09T07:30:00Z');
      expect(renderTime(new Date('2025-03-09T07:30:00.250Z'), 'UTC')).to.equal('2025-03-09T07:30:00.250Z');
    });

    it('gives each side of the date line its own calendar date for the same instant', () => {
      const instant = new Date('2025-03-09T20:00:00Z');
      expect(localDate('Pacific/Auckland', instant)).to.equal('2025-03-10');
      expect(localDate('America/Vancouver', instant)).to.equal('2025-03-09');
    });
  });
});
