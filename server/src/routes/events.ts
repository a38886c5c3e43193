// The change feed (DECISIONS 170–177), an extension beyond the reference, on both interfaces:
// the events of the records the token can see, oldest first, as their lists show them.
import type { Access } from '../domain/access.js';
import { BadInput, NotFound } from '../domain/errors.js';
import { comparePositions, decodeCursor, encodeCursor, START } from '../domain/events/cursor.js';
import { feedEnd, readEvent, readFeed } from '../domain/events/feed.js';
import { selectedTypes } from '../domain/events/types.js';
import { canSee, type EventReader, envelopeFor } from '../events/envelope.js';
import type { Handlers } from '../http/handler.js';

const DEFAULT_LIMIT = 100;

/** A reader who sees the organization-wide events and those at `locationIds`. */
const readerOf = (access: Access, locationIds: number[]): EventReader => ({
  organization: access.organization,
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
    if (query.start === 'latest') {
      return { events: [], next_cursor: encodeCursor(await feedEnd(em)), has_more: false };
    }
    const after = query.after === undefined ? undefined : decodeCursor(query.after);
    const page = await readFeed(em, {
      organizationId: access.organization.id,
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
    const reader = readerOf(access, locationIds);
    return {
      events: page.events.map((event) => envelopeFor(reader, event)),
      next_cursor: encodeCursor(next),
      has_more: page.hasMore,
    };
  },

  async getEvent({ em, access, path }) {
    const digits = path.id.slice('evt_'.length);
    const event = `evt_${BigInt(digits)}` === path.id ? await readEvent(em, access.organization.id, digits) : undefined;
    const reader = readerOf(access, access.listScope(undefined));
    if (!event || !canSee(reader, event)) throw new NotFound(`event ${path.id} not found`);
    return envelopeFor(reader, event);
  },
};
