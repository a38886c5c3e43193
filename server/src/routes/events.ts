// The change feed (DECISIONS 170–177), an extension beyond the reference, on both interfaces:
// the events of the records the token can see, oldest first, as their lists show them.
import type { Access } from '../domain/access.js';
import { BadInput, NotFound } from '../domain/errors.js';
import { comparePositions, START } from '../events/cursor.js';
import { canSee, type EventReader, envelopeFor } from '../events/envelope.js';
import { feedEnd, readEvent, readFeed } from '../events/feed.js';
import { type EventCodec, eventCodec } from '../events/opaque.js';
import { selectedTypes } from '../events/types.js';
import type { Handlers } from '../http/handler.js';

const DEFAULT_LIMIT = 100;

/** A reader who sees the organization-wide events and those at `locationIds`. */
const readerOf = (access: Access, locationIds: number[], codec: EventCodec): EventReader => ({
  organization: access.organization,
  codec,
  locationById: (id) => access.locationById(id),
  locationIds: new Set(locationIds),
});

export const eventHandlers: Pick<Handlers, 'listEvents' | 'getEvent'> = {
  async listEvents({ em, access, query }) {
    if (query.after !== undefined && query.start !== undefined) {
      throw new BadInput('after and start=latest each say where to begin; give one of them');
    }
    const types = selectedTypes(query.types);
    const locationIds = access.listScope(query.location_name);
    const codec = await eventCodec(em);
    const organizationId = access.organization.id;
    if (query.start === 'latest') {
      return { events: [], next_cursor: codec.cursor(organizationId, await feedEnd(em)), has_more: false };
    }
    const after = query.after === undefined ? undefined : codec.position(organizationId, query.after);
    const page = await readFeed(em, {
      organizationId,
      locationIds,
      after,
      types,
      limit: query.limit ?? DEFAULT_LIMIT,
    });
    // A full page continues after its last event. Otherwise every event below the high-water
    // mark that this query selects has been read: the next read starts there, so it does not
    // scan again what this reader does not see (DECISIONS 175).
    const from = after ?? START;
    const next = page.hasMore ? page.events.at(-1)! : comparePositions(page.settled, from) > 0 ? page.settled : from;
    const reader = readerOf(access, locationIds, codec);
    return {
      events: page.events.map((event) => envelopeFor(reader, event)),
      next_cursor: codec.cursor(organizationId, next),
      has_more: page.hasMore,
    };
  },

  async getEvent({ em, access, path }) {
    const codec = await eventCodec(em);
    const rowId = codec.rowIdOf(access.organization.id, path.id);
    const event = rowId === undefined ? undefined : await readEvent(em, access.organization.id, rowId);
    const reader = readerOf(access, access.listScope(undefined), codec);
    if (!event || !canSee(reader, event)) throw new NotFound(`event ${path.id} not found`);
    return envelopeFor(reader, event);
  },
};
