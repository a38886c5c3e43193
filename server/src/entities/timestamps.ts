import { defineEntity } from '@mikro-orm/core';

const p = defineEntity.properties;

/** `created_at` and `updated_at`, kept by the ORM on every flush; equal on creation. */
export const timestamps = () => ({
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate((entity: { createdAt: Date }) => entity.createdAt)
    .onUpdate(() => new Date()),
});
