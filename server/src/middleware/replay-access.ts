// An `Idempotency-Key` replay answers for access as it is now (DECISIONS 141, an extension
// beyond the reference). A stored answer is what the request got when it ran; before it is
// given again, the locations the request names (its location interface, the query's and the
// record's `location_name`) are checked against the user's roles today, so that one whose role
// was revoked gets the refusal the request would get now, not the body it could see then.
import type { ParsedUrlQuery } from 'node:querystring';
import type { Access } from '../domain/access.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The `location_name` of a body's record (`{"product": {"location_name": …}}`), when it is text. */
function recordLocationName(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const [record, ...others] = Object.values(body);
  if (others.length > 0 || !isObject(record)) return undefined;
  return typeof record.location_name === 'string' ? record.location_name : undefined;
}

/**
 * Throws what the request would be answered today for a location it names where the user may
 * no longer read: NotFound for a name that no longer exists, BadInput for names that disagree,
 * AccessDenied for a location without a role. Read is enough: the stored answer shows no more
 * than a read there does.
 */
export function requireReplayAccess(access: Access, query: ParsedUrlQuery, body: unknown): void {
  const queryName = typeof query.location_name === 'string' ? query.location_name : undefined;
  const location = access.selectedLocation(queryName, recordLocationName(body));
  if (location) access.require(location, 'read');
}
