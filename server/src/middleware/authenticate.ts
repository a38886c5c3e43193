// Authentication and the organization-wide gates, in the order of DECISIONS 13:
// 401 (token; 429 past the failed-authentication limit), 402 (paid subscription), 403 (admin access somewhere).
import { timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import { Access } from '../domain/access.js';
import { tokenDigest } from '../domain/tokens.js';
import { ApiUser, LocationRole } from '../entities/api-user.js';
import { forbidden, paymentRequired } from '../http/errors.js';
import type { AuthenticationFailures } from './authentication-failures.js';
import type { Tenant } from './tenant.js';

/**
 * Only the canonical spelling authenticates (DECISIONS 64): `Token`, one space, the token.
 * Rate limits count per identical header value, so one token has exactly one budget.
 */
const scheme = /^Token ([\x21-\x7e]+)$/;

export function authenticate(em: () => EntityManager, failures: AuthenticationFailures): Middleware {
  return async (ctx, next) => {
    const tenant = ctx.state.tenant as Tenant;
    const match = scheme.exec(ctx.get('Authorization'));
    if (!match)
      return failures.refuse(
        ctx,
        'missing or malformed Authorization header: send "Authorization: Token <API_TOKEN>", exactly so spelled',
      );

    const digest = tokenDigest(match[1]!);
    const manager = em();
    const user = await manager.findOne(ApiUser, { tokenDigest: digest });
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

    const roles = await manager.find(LocationRole, { apiUserId: user.id, organizationId: tenant.organization.id });
    const access = new Access(
      tenant.organization,
      user,
      tenant.locations,
      new Map(roles.map((role) => [role.locationId, role.role])),
      tenant.interfaceLocation,
    );
    if (!access.isAdminSomewhere)
      throw forbidden('this API user has no admin access at any location of the organization');
    ctx.state.access = access;
    await next();
  };
}
