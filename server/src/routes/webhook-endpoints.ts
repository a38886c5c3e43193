// Webhook endpoints (DECISIONS 240–245), an extension beyond the reference, on both interfaces:
// create, list, view, update, delete and rotate the secret, for admins of the covered locations.
import type { Access } from '../domain/access.js';
import { AccessDenied, BadInput, Invalid } from '../domain/errors.js';
import { pageRequest } from '../domain/pagination.js';
import { selectedTypes } from '../events/types.js';
import type { Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { renderWebhookEndpoint } from '../render/webhook-endpoint.js';
import { coveredLocations, managedEndpoint, manages } from '../webhooks/access.js';
import {
  deleteEndpoint,
  insertEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
  type WebhookEndpointRow,
} from '../webhooks/endpoints.js';
import { checkWebhookUrl } from '../webhooks/url-guard.js';

const render = (access: Access, row: WebhookEndpointRow) =>
  renderWebhookEndpoint(
    row,
    row.locationIds === null ? null : coveredLocations(access, row.locationIds).map((location) => location.name),
  );

/** The types the entries select (null: every type); Invalid on the entry that selects none (DECISIONS 243). */
function eventTypesOf(entries: string[]): string[] | null {
  const errors: Record<string, string[]> = {};
  entries.forEach((entry, index) => {
    try {
      selectedTypes(entry);
    } catch (problem) {
      if (!(problem instanceof BadInput)) throw problem;
      errors[`event_types[${index}]`] = [`${JSON.stringify(entry)} is not an event type, <kind>.* or *`];
    }
  });
  if (Object.keys(errors).length) throw new Invalid(errors);
  return selectedTypes(entries.join(',')) ?? null;
}

/** The ids of the locations a new endpoint covers (null: all), each needing admin access. */
function locationsToCover(access: Access, names: string[] | undefined): number[] | null {
  if (access.interfaceLocation) {
    const here = access.interfaceLocation;
    const other = names?.map((name) => access.locationNamed(name)).find((location) => location.id !== here.id);
    if (other) throw new BadInput(`location_names may name only this location interface's location (${here.name})`);
    return [access.require(here, 'write').id];
  }
  if (!names) {
    // Naming the location the token lacks would tell it a name it cannot list (DECISIONS 437).
    if (!access.locations.every((location) => access.can(location, 'write')))
      throw new AccessDenied(
        'an endpoint without location_names covers every location of the organization, present and future, ' +
          'and needs admin access at each; name the locations it should cover in location_names',
      );
    return null;
  }
  const ids = new Set(names.map((name) => access.require(access.locationNamed(name), 'write').id));
  return access.locations.filter((location) => ids.has(location.id)).map((location) => location.id);
}

export const webhookEndpointHandlers: Pick<
  Handlers,
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookEndpointSecret'
> = {
  async listWebhookEndpoints({ em, access, query, ctx }) {
    const page = pageRequest(query);
    const mine = (await listEndpoints(em, access.organization.id)).filter((row) => manages(access, row));
    setPaginationHeaders(ctx, page, mine.length);
    return mine.slice(page.offset, page.offset + page.perPage).map((row) => render(access, row));
  },

  async createWebhookEndpoint({ em, access, body, webhooks }) {
    const input = body.webhook_endpoint;
    const locationIds = locationsToCover(access, input.location_names);
    const types = input.event_types ?? ['*'];
    const selected = eventTypesOf(types);
    const url = await checkWebhookUrl(input.url, webhooks.allowPrivate);
    const { row, secret } = await insertEndpoint(em, webhooks.keys, {
      organizationId: access.organization.id,
      locationIds,
      url,
      description: input.description ?? '',
      types,
      selectedTypes: selected,
      enabled: input.enabled ?? true,
    });
    return { ...render(access, row), secret };
  },

  async getWebhookEndpoint({ em, access, path }) {
    return render(access, await managedEndpoint(em, access, path.id));
  },

  async updateWebhookEndpoint({ em, access, path, body, webhooks }) {
    const row = await managedEndpoint(em, access, path.id);
    const input = body.webhook_endpoint;
    const updated = await updateEndpoint(em, row, {
      url: input.url === undefined ? undefined : await checkWebhookUrl(input.url, webhooks.allowPrivate),
      description: input.description,
      types: input.event_types,
      selectedTypes: input.event_types === undefined ? undefined : eventTypesOf(input.event_types),
      enabled: input.enabled,
    });
    return render(access, updated);
  },

  async deleteWebhookEndpoint({ em, access, path }) {
    await deleteEndpoint(em, await managedEndpoint(em, access, path.id));
    return null;
  },

  async rotateWebhookEndpointSecret({ em, access, path, webhooks }) {
    const row = await managedEndpoint(em, access, path.id);
    const rotated = await rotateSecret(em, webhooks.keys, row);
    return { ...render(access, rotated.row), secret: rotated.secret };
  },
};
