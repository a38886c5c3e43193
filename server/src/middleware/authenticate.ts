// Authentication, the rate limits and the organization-wide gates, in the order of DECISIONS 13
// (as amended by 147): 429 for an exhausted token; 401 for a missing, malformed or unknown token
// (429 past the per-address failure limit); 402 (paid subscription); 403 (admin access somewhere,
// and on a location interface a role at its location, DECISIONS 436).
// One statement counts the request against its token's limits, only when the token is one of
// the organization's, and reads the directory version (DECISIONS 100), so a request without a
// valid token writes nothing, and a revoked token or a deleted location is never served from a
// stale cache.
import { timingSafeEqual } from 'node:crypto';
import type { Middleware, ParameterizedContext } from 'koa';
import type { RateLimitCounters } from '../db/rate-limit-counters.js';
import { Access } from '../domain/access.js';
import { tokenDigest } from '../domain/tokens.js';
import { forbidden, paymentRequired, unauthorized } from '../http/errors.js';
import type { AuthenticationFailures } from './authentication-failures.js';
import type { Directory, Tenant } from './directory.js';
import { enforceRateLimits, type RateLimit, windowsOf } from './rate-limit.js';
import { type HostRouting, requestTenant } from './tenant.js';

/**
 * Only the canonical spelling authenticates (DECISIONS 64): `Token`, one space, the token.
 * Rate limits count per identical header value, so one token has exactly one budget.
 */
const scheme = /^Token ([\x21-\x7e]+)$/;

export interface AuthenticationOptions {
  hosts: HostRouting;
  directory: Directory;
  counters: RateLimitCounters;
  /** The limits of section 8 (rateLimitsOf). */
  limits: [RateLimit, RateLimit];
  failures: AuthenticationFailures;
}

/**
 * Counts the request if the token is one of the tenant's, and confirms the tenant as of the
 * version read. The tenant came from the cache; should the host now serve another organization,
 * the request is counted for that one instead.
 */
async function countRequest(ctx: ParameterizedContext, options: AuthenticationOptions, digest: Buffer) {
  const { hosts, directory, counters } = options;
  const authorization = ctx.get('Authorization');
  const cached = ctx.state.tenant as Tenant;
  const now = Date.now();
  const windows = windowsOf(options.limits, authorization, now);
  let counted = await counters.count(windows, digest, cached.organization.id, now);
  directory.observe(counted.version);
  const tenant = await requestTenant(ctx, hosts, directory, counted.version);
  if (tenant.organization.id !== cached.organization.id) {
    counted = await counters.count(windows, digest, tenant.organization.id, now);
    directory.observe(counted.version);
  }
  return { ...counted, tenant, windows, now };
}

export function authenticate(options: AuthenticationOptions): Middleware {
  const { hosts, directory, failures } = options;
  return async (ctx, next) => {
    const match = scheme.exec(ctx.get('Authorization'));
    if (!match) {
      await requestTenant(ctx, hosts, directory, await directory.readVersion());
      return failures.refuse(
        ctx,
        unauthorized(
          'missing or malformed Authorization header: send "Authorization: Token <API_TOKEN>", exactly so spelled',
        ),
      );
    }

    const digest = tokenDigest(match[1]!);
    const { version, tenant, counters, windows, now } = await countRequest(ctx, options, digest);
    if (!counters) return failures.refuse(ctx, unauthorized('invalid API token'));
    enforceRateLimits(ctx, options.limits, windows, counters, now);

    const identity = await directory.identity(digest, version);
    const user = identity?.user;
    // The lookup is by digest, so its timing says nothing about the token; the comparison
    // is still constant-time so that no code path compares secrets byte by byte. A token of
    // another organization is treated exactly like an unknown one (DECISIONS 11).
    if (!user || !timingSafeEqual(user.tokenDigest, digest) || user.organizationId !== tenant.organization.id) {
      return failures.refuse(ctx, unauthorized('invalid API token'));
    }

    if (
      tenant.interfaceLocation ? !tenant.interfaceLocation.paid : !tenant.locations.some((location) => location.paid)
    ) {
      throw paymentRequired(
        tenant.interfaceLocation
          ? `this location interface (${tenant.interfaceLocation.subdomain}) has no paid subscription; ` +
              'use the organization interface or contact support'
          : 'no location of this organization has a paid subscription',
      );
    }

    const access = new Access(
      tenant.organization,
      user,
      tenant.locations,
      identity.roles,
      tenant.interfaceLocation,
      tenant.customFields,
    );
    if (!access.isAdminSomewhere)
      throw forbidden('this API user has no admin access at any location of the organization');
    // The address names the location (DECISIONS 142): without a role there, every operation is
    // refused before anything is looked up, in words naming only what the client sent (436).
    if (tenant.interfaceLocation && !access.roleAt(tenant.interfaceLocation))
      throw forbidden(`you have no access to this location interface (${tenant.interfaceLocation.subdomain})`);
    ctx.state.access = access;
    await next();
  };
}
