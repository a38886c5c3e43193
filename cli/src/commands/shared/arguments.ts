// Parsers for arguments and option values; commander reports their errors as usage errors.
import { InvalidArgumentError } from 'commander';

/** A record ID: a whole number from 1. */
export function recordId(value: string): number {
  if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError('expected a numeric record ID such as 42');
  return Number(value);
}

/** A whole number within bounds, e.g. --per-page or --concurrency. */
export function wholeNumber(min: number, max: number): (value: string) => number {
  return (value) => {
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max)
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return number;
  };
}

/** An event type or filter as the API takes it: exact (`purchase_order.moved`), `<kind>.*` or `*`. */
const EVENT_TYPE = /^(\*|[a-z_]+\.(\*|[a-z_]+))$/;

/** Comma-separated event types (events --types, webhooks --types), naming the first malformed one. */
export function eventTypes(value: string): string[] {
  const types = value
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const malformed = types.find((type) => !EVENT_TYPE.test(type));
  if (!types.length || malformed !== undefined)
    throw new InvalidArgumentError(
      `${malformed === undefined ? '' : `${JSON.stringify(malformed)} is not an event type; `}` +
        'expected comma-separated event types (exact, <kind>.* or *), e.g. purchase_order.*,appointment.booked',
    );
  return types;
}

/** Collects a repeatable option, e.g. `--reference A --reference B`. */
export function repeated(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Seconds between polls of the event feed (events tail, listen), to milliseconds. */
export function pollSeconds(value: string): number {
  const seconds = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || seconds < 0.1 || seconds > 3600)
    throw new InvalidArgumentError('expected seconds from 0.1 to 3600, e.g. 2');
  return seconds * 1000;
}
