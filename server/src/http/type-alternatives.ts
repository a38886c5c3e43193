// ajv's errors for an `anyOf` whose alternatives each take one type (DECISIONS 355), told as
// the type list it replaced told them: an alternative of the value's own type failed on some
// bound, so the other alternatives' "must be a number" and the like are left out. A client
// reads the same 422 whichever way the spec writes the union.
import type { ErrorObject } from 'ajv';

/** The `anyOf` an alternative's error comes from, e.g. `#/a/anyOf` for `#/a/anyOf/2/type`. */
function unionOf(error: ErrorObject): string | undefined {
  const union = /^(.*\/anyOf)\/\d+\/[^/]+$/.exec(error.schemaPath)?.[1];
  return union === undefined ? undefined : `${error.instancePath} ${union}`;
}

export function byValueType(errors: ErrorObject[]): ErrorObject[] {
  const bounded = new Set(errors.filter((error) => error.keyword !== 'type').map(unionOf));
  return errors.filter((error) => {
    const union = error.keyword === 'type' ? unionOf(error) : undefined;
    return union === undefined || !bounded.has(union);
  });
}
