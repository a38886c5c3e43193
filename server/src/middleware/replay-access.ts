// An `Idempotency-Key` replay answers for access as it is now (DECISIONS 141 and 332, an
// extension beyond the reference). A stored answer is what the request got when it ran; before
// it is given again, what the request works with is checked against the user's roles today: the
// locations it names (its location interface, the query's and the record's `location_name`), and
// the webhook endpoint in its path, which the user must still manage. One whose role was revoked
// gets the refusal the request would get now, not the body it could see then.

import type { ParsedUrlQuery } from 'node:querystring';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isObject } from '@warehouse-kit/spec';
import { createOperationMatcher } from '@warehouse-kit/spec/document';
import type { Access } from '../domain/access.js';
import { API_PREFIX } from '../http/prefix.js';
import { managedEndpoint } from '../webhooks/access.js';

/** The `location_name` of a body's record (`{"product": {"location_name": …}}`), when it is text. */
function recordLocationName(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const [record, ...others] = Object.values(body);
  if (others.length > 0 || !isObject(record)) return undefined;
  return typeof record.location_name === 'string' ? record.location_name : undefined;
}

const operations = createOperationMatcher();

/** The webhook endpoint the request's path names, when it names one by a well-formed id. */
function endpointOf(method: string, path: string): number | undefined {
  const match = operations.match(method, path.slice(API_PREFIX.length));
  if (!match?.operation.path.startsWith('/webhook_endpoints/{id}')) return undefined;
  // A malformed id was refused before the key stored anything but that refusal, which holds today too.
  return /^[1-9]\d{0,9}$/.test(match.pathParams.id ?? '') ? Number(match.pathParams.id) : undefined;
}

export interface ReplayedRequest {
  method: string;
  path: string;
  query: ParsedUrlQuery;
  body: unknown;
}

/**
 * Throws what the request would be answered today where the user may no longer read or manage
 * what it works with: NotFound for a name or an endpoint that no longer exists (or an endpoint
 * covering a location without a role), BadInput for names that disagree, AccessDenied for a
 * location without a role or an endpoint the user no longer administers. Read is enough for a
 * location: the stored answer shows no more than a read there does; an endpoint's deliveries
 * are shown only to those who manage it (DECISIONS 241).
 */
export async function requireReplayAccess(em: EntityManager, access: Access, request: ReplayedRequest): Promise<void> {
  const queryName = typeof request.query.location_name === 'string' ? request.query.location_name : undefined;
  const location = access.selectedLocation(queryName, recordLocationName(request.body));
  if (location) access.require(location, 'read');
  const endpoint = endpointOf(request.method, request.path);
  if (endpoint !== undefined) await managedEndpoint(em, access, endpoint);
}
