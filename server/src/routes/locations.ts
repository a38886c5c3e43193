import type { Handlers } from '../http/handler.js';
import { renderLocation } from '../render/location.js';

export const locationHandlers: Pick<Handlers, 'listLocations'> = {
  async listLocations({ query, access }) {
    if (query.location_name === undefined) return access.accessibleLocations.map(renderLocation);
    const named = access.urlLocation(query.location_name);
    return named ? [renderLocation(access.require(named, 'read'))] : [];
  },
};
