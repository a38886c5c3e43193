// Helpers for appointment suites: creating through the API, and purchase orders written
// straight to the database (packing lists only need the rows).

import type { ApiClient, LocationKey, World } from '@warehouse-kit/testing/server';
import { testOrm } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { Location } from '../../src/entities/location.js';
import { PurchaseOrder } from '../../src/entities/purchase-order.js';

export async function createAppointment(
  client: ApiClient,
  appointment: Record<string, unknown>,
  query?: Record<string, string>,
) {
  const res = await client.post('/appointments', { appointment }, query);
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
  return res.body;
}

/** A purchase order at `location` (unassigned when null), written directly to the database; answers its row id. */
export async function insertPurchaseOrder(
  world: World,
  location: LocationKey | null,
  poNumber: string,
): Promise<number> {
  const em = (await testOrm()).em.fork();
  const target = await em.findOneOrFail(Location, { subdomain: `${world.id}-${location ?? 'toronto'}` });
  const order = em.create(PurchaseOrder, {
    organizationId: target.organizationId,
    locationId: location ? target.id : null,
    poNumber,
    referenceNumbers: [],
    customValues: {},
  } as never);
  await em.flush();
  return order.id;
}
