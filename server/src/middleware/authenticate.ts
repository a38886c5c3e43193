// Authentication and the organization-wide gates, in the order of DECISIONS 13:
// 401 (token; 429 past the failed-authentication limit), 402 (paid subscription), 403 (admin access somewhere).
// The tenant and the token's user come from the directory as of the version this request read
// (DECISIONS 100), so a revoked token or a deleted location is never served from a stale cache.
import { timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import { Access } from '../domain/access.js';
import { tokenDigest } from '../domain/tokens.js';
import { forbidden, paymentRequired } from '../http/errors.js';
import type { AuthenticationFailures } from './authentication-failures.js';
import { DIRECTORY_VERSION, type Directory } from './directory.js';
import { requestTenant } from './tenant.js';

/**
 * Only the canonical spelling authenticates (DECISIONS 64): `Token`, one space, the token.
 * Rate limits count per identical header value, so one token has exactly one budget.
 */
const scheme = /^Token ([\x21-\x7e]+)$/;

export function authenticate(baseHost: string, directory: Directory, failures: AuthenticationFailures): Middleware {
  return async (ctx, next) => {
    const version = (ctx.state[DIRECTORY_VERSION] as bigint | undefined) ?? (await directory.readVersion());
    const tenant = await requestTenant(ctx, baseHost, directory, version);
    const match = scheme.exec(ctx.get('Authorization'));
    if (!match)
      return failures.refuse(
        ctx,
        'missing or malformed Authorization header: send "Authorization: Token <API_TOKEN>", exactly so spelled',
      );

    const digest = tokenDigest(match[1]!);
    const identity = await directory.identity(digest, version);
    const user = identity?.user;
    // The lookup is by digest, so its timing says nothing about the token; the comparison
    // is still constant-time so that no code path compares secrets byte by byte. A token of
    // another organization is treated exactly like an unknown one (DECISIONS 11).
    if (!user || !timingSafeEqual(user.tokenDigest, digest) || user.organizationId !== tenant.organization.id) {
      return failures.refuse(ctx, 'invalid API token');
    }

    if (
      tenant.interfaceLocation ? !tenant.interfaceLocation.paid : !tenant.locations.some((location) => location.paid)
    ) {
      throw paymentRequired(
        tenant.interfaceLocation
          ? `location ${tenant.interfaceLocation.name} has no paid subscription; ` +
              'use the organization interface or contact support'
          : 'no location of this organization has a paid subscription',
      );
    }

    const access = new Access(tenant.organization, user, tenant.locations, identity.roles, tenant.interfaceLocation);
    if (!access.isAdminSomewhere)
      throw forbidden('this API user has no admin access at any location of the organization');
    ctx.state.access = access;
    await next();
  };
}
