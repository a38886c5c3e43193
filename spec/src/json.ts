// JSON as the contract carries it: a request's or an answer's body, a record, a profile or a
// configuration read from YAML. One test of "an object with named members", for every package.

/** Whether a parsed JSON (or YAML) value is an object with named members: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
