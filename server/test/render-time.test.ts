import { expect } from 'chai';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { renderTime } from '../src/render/time.js';

// renderTime spells times itself, remembering each zone's offset per hour, instead of asking
// luxon for every one; it must answer exactly what luxon answers.
describe('rendering times', () => {
  const zones = [
    'UTC',
    'America/Toronto',
    'America/Vancouver',
    'Pacific/Auckland',
    'Pacific/Chatham',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'America/St_Johns',
    'Europe/London',
    'Etc/UTC',
    'Etc/GMT+5',
  ];
  const luxon = (date: Date, zone: string) => DateTime.fromJSDate(date, { zone }).toISO({ suppressMilliseconds: true });

  it('spells any instant in any zone as luxon does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) }),
        (zone, ms) => {
          expect(renderTime(new Date(ms), zone)).to.equal(luxon(new Date(ms), zone));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('spells every minute around daylight-saving changes as luxon does, cached or not', () => {
    const changes: [string, string][] = [
      ['America/Toronto', '2025-03-09T07:00:00Z'],
      ['America/Toronto', '2025-11-02T06:00:00Z'],
      ['Australia/Lord_Howe', '2025-10-04T15:30:00Z'],
      // Within a UTC hour, not at its start.
      ['America/St_Johns', '2025-03-09T05:30:00Z'],
      ['Pacific/Chatham', '2025-09-27T14:00:00Z'],
    ];
    for (const [zone, around] of changes) {
      for (let pass = 0; pass < 2; pass++) {
        for (let minute = -90; minute <= 90; minute++) {
          const date = new Date(Date.parse(around) + minute * 60_000 + 123);
          expect(renderTime(date, zone)).to.equal(luxon(date, zone));
        }
      }
    }
  });
});
