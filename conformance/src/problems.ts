// How a check fails: the request that showed the deviation, then one line per problem,
// "<where>: Received … / Documented …", then a curl command that sends that request again, so
// a vendor can reproduce it and knows what to change.
import { isObject } from '@warehouse-kit/spec';
import { AssertionError } from 'chai';
import { describeRequest, type Exchange, preview } from './http.js';

export interface Problem {
  /** `status`, `header Total-Count`, `body/0/location_name`, `expected_starts_at`... */
  where: string;
  received: string;
  documented: string;
}

/** An AssertionError, so that mocha and JUnit report a deviation as a failure, not as a crash. */
export class ConformanceFailure extends AssertionError<Record<string, never>> {
  constructor(
    readonly exchange: Exchange | undefined,
    readonly problems: Problem[],
    /** Lines after the reproduction, such as which checks the failure blocks. */
    readonly notes: string[] = [],
  ) {
    const lines = problems.map((p) => `${p.where}: Received ${p.received} / Documented ${p.documented}`);
    super(
      [
        ...(exchange ? [describeRequest(exchange), ...lines.map((line) => `  ${line}`)] : lines),
        ...(exchange ? [`  reproduce: ${exchange.curl}`] : []),
        ...notes.map((note) => `  ${note}`),
      ].join('\n'),
    );
    // The suite's stack frames say nothing about the deployment; reporters print the message.
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** Collects the problems one check finds, so a vendor sees all of them at once. */
export class Problems {
  private readonly found: Problem[] = [];

  constructor(private readonly exchange?: Exchange) {}

  add(where: string, received: string, documented: string): this {
    this.found.push({ where, received, documented });
    return this;
  }

  /** Adds a problem unless `ok`. */
  expect(ok: boolean, where: string, received: string | (() => string), documented: string): this {
    if (!ok) this.add(where, typeof received === 'function' ? received() : received, documented);
    return this;
  }

  get count(): number {
    return this.found.length;
  }

  throwIfAny(): void {
    if (this.found.length) throw new ConformanceFailure(this.exchange, this.found);
  }
}

export function fail(exchange: Exchange | undefined, where: string, received: string, documented: string): never {
  throw new ConformanceFailure(exchange, [{ where, received, documented }]);
}

/** The status and a preview of the body: `422 {"errors":{"sku":["has already been taken"]}}`. */
export function answered(exchange: Exchange): string {
  return `${exchange.status} ${preview(exchange.body)}`;
}

/** Fails unless the status is the documented one; `documented` says why, with its section. */
export function expectStatus(exchange: Exchange, status: number, documented: string): void {
  if (exchange.status !== status) fail(exchange, 'status', answered(exchange), `${status} ${documented}`);
}

/**
 * For data a check needs before it can look at anything: a create that does not answer 2xx
 * fails the check with the answer, as the deviation it is.
 */
export function expectSuccess(exchange: Exchange, documented: string): void {
  if (exchange.status < 200 || exchange.status > 299) fail(exchange, 'status', answered(exchange), `2xx ${documented}`);
}

/** The `error` sentence the reference gives 400 and 429 bodies; problems when it is absent. */
export function expectErrorSentence(problems: Problems, exchange: Exchange, documented: string): string | undefined {
  const error = isObject(exchange.body) ? exchange.body.error : undefined;
  problems.expect(
    typeof error === 'string' && error.trim() !== '',
    'body.error',
    () => preview(exchange.body),
    documented,
  );
  return typeof error === 'string' ? error : undefined;
}

/** §7: a 422 body is an object with `errors`; for products it maps a field to its messages. */
export function expectValidationErrors(exchange: Exchange, field: RegExp, documented: string): void {
  expectStatus(exchange, 422, documented);
  const errors = isObject(exchange.body) ? exchange.body.errors : undefined;
  const problems = new Problems(exchange);
  const shaped =
    isObject(errors) &&
    Object.values(errors).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
  problems.expect(
    shaped && Object.keys(errors).length > 0,
    'body.errors',
    () => preview(exchange.body),
    'an object mapping each field to an array of messages (§7)',
  );
  problems.expect(
    !shaped || Object.keys(errors).some((key) => field.test(key)),
    'body.errors',
    () => preview(errors),
    `a key naming the field (${field.source}) (§7)`,
  );
  problems.throwIfAny();
}

/** §4.1 rule 4, §7: a create without a location is 400, with an `error` saying location_name is required. */
export function expectLocationNameRequired(exchange: Exchange, what: string): void {
  expectStatus(exchange, 400, `for ${what} create that names no location (§4.1 rule 4)`);
  const problems = new Problems(exchange);
  const error = expectErrorSentence(problems, exchange, 'an error field saying location_name is required (§7)');
  problems.expect(
    error === undefined || /location[ _]name/i.test(error),
    'body.error',
    () => preview(error),
    'a sentence that names location_name (§4.1 rule 4, §7)',
  );
  problems.throwIfAny();
}
