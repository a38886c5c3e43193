// Who manages a webhook endpoint (DECISIONS 241): an admin of every location it covers. A covered
// location without a role reads like nothing (404), a read-only one is 403; on a location
// interface only the endpoints covering exactly that location exist (a user without a role there
// was refused before any operation, DECISIONS 335, 436).

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Access } from '../domain/access.js';
import { NotFound } from '../domain/errors.js';
import type { Location } from '../entities/location.js';
import { findEndpoint, type WebhookEndpointRow } from './endpoints.js';

/** The locations an endpoint covers, in the organization's order; all of them for null. */
export const coveredLocations = (access: Access, locationIds: number[] | null): Location[] =>
  locationIds === null ? access.locations : access.locations.filter((location) => locationIds.includes(location.id));

const onThisInterface = (access: Access, row: WebhookEndpointRow) =>
  !access.interfaceLocation || (row.locationIds?.length === 1 && row.locationIds[0] === access.interfaceLocation.id);

/** Whether the list shows the endpoint to this token. */
export const manages = (access: Access, row: WebhookEndpointRow) =>
  onThisInterface(access, row) && coveredLocations(access, row.locationIds).every((l) => access.can(l, 'write'));

/** NotFound or AccessDenied unless this token manages the endpoint. */
function requireManager(access: Access, row: WebhookEndpointRow): WebhookEndpointRow {
  const covered = coveredLocations(access, row.locationIds);
  if (!onThisInterface(access, row) || covered.some((location) => !access.roleAt(location))) {
    throw new NotFound(`webhook endpoint ${row.publicId} not found`);
  }
  for (const location of covered) access.require(location, 'write');
  return row;
}

/** The organization's endpoint `id` if this token manages it; AccessDenied or NotFound otherwise. */
export async function managedEndpoint(em: EntityManager, access: Access, id: number): Promise<WebhookEndpointRow> {
  return requireManager(access, await findEndpoint(em, access.organization.id, id));
}
