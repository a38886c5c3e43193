// `Retry-After` (RFC 9110 §10.2.3) as the kit reads it wherever it meets one: the API's 503s
// send it in seconds (DECISIONS 370), and a webhook receiver's 429 or 503 may send seconds or an
// HTTP date (DECISIONS 248). The SDK's retries and the server's delivery schedule read it here,
// by one rule: delay-seconds, or an HTTP date in any of the three forms RFC 9110 §5.6.7 has a
// recipient accept.

const DAYS = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const LONG_DAYS = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

/** `Sun, 06 Nov 1994 08:49:37 GMT`: the form servers send. */
const IMF_FIXDATE = new RegExp(`^(?:${DAYS}), (\\d{2}) (${MONTH}) (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT`: obsolete, with a two-digit year. */
const RFC_850 = new RegExp(`^(?:${LONG_DAYS}), (\\d{2})-(${MONTH})-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994`: C's asctime, in UTC. */
const ASCTIME = new RegExp(`^(?:${DAYS}) (${MONTH}) ([ \\d]\\d) ${TIME} (\\d{4})$`);

const DELAY_SECONDS = /^\d+$/;

/** The instant of the fields, or undefined when they name no real time (31 Feb, 25:00). */
function instantOf(year: number, month: string, day: number, hour: number, minute: number, second: number) {
  const index = MONTHS.indexOf(month);
  // A leap second (60) is allowed by the grammar and read as the next second.
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const at = Date.UTC(year, index, day, hour, minute, second);
  return new Date(at).getUTCDate() === day && new Date(at).getUTCMonth() === index ? at : undefined;
}

/**
 * The instant an HTTP date names, in milliseconds since the epoch: IMF-fixdate, or the obsolete
 * RFC 850 and asctime forms; undefined for anything else. An RFC 850 year is the latest with its
 * two digits that is at most 50 years after `now` (RFC 9110 §5.6.7).
 */
export function parseHttpDate(value: string, now = Date.now()): number | undefined {
  const text = value.trim();
  let match = IMF_FIXDATE.exec(text);
  if (match) {
    const [, day, month, year, hour, minute, second] = match;
    return instantOf(Number(year), month!, Number(day), Number(hour), Number(minute), Number(second));
  }
  match = RFC_850.exec(text);
  if (match) {
    const [, day, month, twoDigits, hour, minute, second] = match;
    const thisYear = new Date(now).getUTCFullYear();
    let year = thisYear - (thisYear % 100) + Number(twoDigits);
    if (year > thisYear + 50) year -= 100;
    return instantOf(year, month!, Number(day), Number(hour), Number(minute), Number(second));
  }
  match = ASCTIME.exec(text);
  if (match) {
    const [, month, day, hour, minute, second, year] = match;
    return instantOf(Number(year), month!, Number(day), Number(hour), Number(minute), Number(second));
  }
  return undefined;
}

/**
 * Milliseconds a `Retry-After` value asks to wait: delay-seconds, or until an HTTP date measured
 * against `now` (the answer's own `Date` where the caller has it, so a skewed local clock does
 * not shorten the wait), never less than 0; undefined when there is none or it cannot be read.
 */
export function retryAfterMs(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (DELAY_SECONDS.test(text)) {
    const ms = Number(text) * 1000;
    return Number.isFinite(ms) ? ms : undefined;
  }
  const at = parseHttpDate(text, now);
  return at === undefined ? undefined : Math.max(0, at - now);
}
