// Host routing: `<subdomain>.<base host>` is an organization interface when the subdomain is
// an organization's and a location interface when it is a location's; anything else is 404.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import { Location } from '../entities/location.js';
import { Organization } from '../entities/organization.js';
import { notFound } from '../http/errors.js';

export interface Tenant {
  organization: Organization;
  /** Every location of the organization, in name order. */
  locations: Location[];
  interfaceLocation?: Location;
}

export function resolveTenant(baseHost: string, em: () => EntityManager): Middleware {
  const suffix = `.${baseHost}`;
  return async (ctx, next) => {
    const host = ctx.hostname.toLowerCase();
    const subdomain = host.endsWith(suffix) ? host.slice(0, -suffix.length) : '';
    if (!subdomain || subdomain.includes('.')) throw notFound(`no organization or location is served at ${host}`);

    const manager = em();
    let organization = await manager.findOne(Organization, { subdomain });
    let interfaceLocation: Location | undefined;
    if (!organization) {
      interfaceLocation = (await manager.findOne(Location, { subdomain })) ?? undefined;
      if (!interfaceLocation) throw notFound(`no organization or location is served at ${host}`);
      organization = await manager.findOneOrFail(Organization, interfaceLocation.organizationId);
    }
    const locations = await manager.find(Location, { organizationId: organization.id }, { orderBy: { name: 'asc' } });
    // The same row as in `locations`, so identity comparisons hold.
    interfaceLocation = interfaceLocation && locations.find((location) => location.id === interfaceLocation?.id);
    ctx.state.tenant = { organization, locations, interfaceLocation } satisfies Tenant;
    await next();
  };
}
