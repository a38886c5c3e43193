import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Location } from './location.js';
import { tenantKeys } from './tenant-keys.js';
import { timestamps } from './timestamps.js';

/** A holder of an API token; only the token's SHA-256 digest is stored. */
export const ApiUser = defineEntity({
  name: 'ApiUser',
  tableName: 'api_users',
  properties: (p) => ({
    ...tenantKeys(),
    name: p.text(),
    tokenDigest: p.type('blob').$type<Buffer>().hidden(),
    ...timestamps(),
  }),
});
export type ApiUser = InferEntity<typeof ApiUser>;

export const roles = ['admin', 'read_only'] as const;
export type Role = (typeof roles)[number];

export const LocationRole = defineEntity({
  name: 'LocationRole',
  tableName: 'location_roles',
  properties: (p) => ({
    ...tenantKeys(),
    apiUserId: p.manyToOne(ApiUser).mapToPk(),
    locationId: p.manyToOne(Location).mapToPk(),
    role: p.enum([...roles]),
  }),
});
export type LocationRole = InferEntity<typeof LocationRole>;
