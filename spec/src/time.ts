// The contract's rule for reading input times (DECISIONS 23), executable, so that the reference
// server and the SDK apply one implementation of it: `@warehouse-kit/spec/time`, on luxon, which
// its user installs (an optional peer dependency, DECISIONS 482). The conformance suite
// deliberately does not use this: its expectations come from luxon directly, so a bug here
// cannot hide itself.
import { DateTime } from 'luxon';
import { hasExplicitOffset } from './offset.js';

function valid(time: DateTime, what: string): DateTime {
  if (!time.isValid) throw new RangeError(`${what}: ${time.invalidExplanation ?? time.invalidReason}`);
  return time;
}

/**
 * The instant the API takes an input date-time to mean when it reads offset-less times in
 * `zone`: an explicit offset wins; a local time skipped by a daylight-saving change moves
 * forward by the gap; one that occurs twice is the earlier instant. Throws a RangeError for
 * input that is not an ISO 8601 date-time, or an unknown zone.
 */
export function resolveInputTime(input: string, zone: string): DateTime {
  if (hasExplicitOffset(input)) {
    const exact = valid(DateTime.fromISO(input, { setZone: true }), `resolveInputTime(${JSON.stringify(input)})`);
    return valid(exact.setZone(zone), `resolveInputTime zone ${JSON.stringify(zone)}`);
  }
  const local = valid(
    DateTime.fromISO(input, { zone }),
    `resolveInputTime(${JSON.stringify(input)}, ${JSON.stringify(zone)})`,
  );
  // Luxon already moves a skipped time forward, but takes the later of two repeated instants.
  const [earliest] = local.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
  return earliest ?? local;
}
