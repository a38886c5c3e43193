// Host routing: `<subdomain>.<base host>` is an organization interface when the subdomain is
// an organization's and a location interface when it is a location's; the base host itself is
// the interface of the default subdomain, when one is set (DECISIONS 462); anything else is 404.
// The tenant may come from the directory's cache; authentication confirms it is current once
// the request has read the directory version (see directory.ts).
import type { Middleware, ParameterizedContext } from 'koa';
import { notFound } from '../http/errors.js';
import type { Directory, Tenant } from './directory.js';

export type { Tenant } from './directory.js';

/** How hosts name interfaces: `<subdomain>.<baseHost>`, and `baseHost` alone for `defaultSubdomain`. */
export interface HostRouting {
  baseHost: string;
  defaultSubdomain?: string | undefined;
}

function subdomainOf(ctx: ParameterizedContext, { baseHost, defaultSubdomain }: HostRouting): string {
  const host = ctx.hostname.toLowerCase();
  if (host === baseHost && defaultSubdomain) return defaultSubdomain;
  const suffix = `.${baseHost}`;
  const subdomain = host.endsWith(suffix) ? host.slice(0, -suffix.length) : '';
  if (!subdomain || subdomain.includes('.')) throw notFound(`no organization or location is served at ${host}`);
  return subdomain;
}

/** The request's tenant, as of `atLeast` when given: 404 when the host serves none. */
export async function requestTenant(
  ctx: ParameterizedContext,
  hosts: HostRouting,
  directory: Directory,
  atLeast?: bigint,
): Promise<Tenant> {
  const tenant = await directory.tenant(subdomainOf(ctx, hosts), atLeast);
  if (!tenant) throw notFound(`no organization or location is served at ${ctx.hostname.toLowerCase()}`);
  ctx.state.tenant = tenant;
  return tenant;
}

export function resolveTenant(hosts: HostRouting, directory: Directory): Middleware {
  return async (ctx, next) => {
    await requestTenant(ctx, hosts, directory);
    await next();
  };
}
