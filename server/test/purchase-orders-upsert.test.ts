import type { EntityManager } from '@mikro-orm/postgresql';
import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, testOrm, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { Access } from '../src/domain/access.js';
import { PurchaseOrderLookups } from '../src/domain/purchase-orders/lookups.js';
import { writePurchaseOrders } from '../src/domain/purchase-orders/order-statements.js';
import {
  insertPurchaseOrder,
  newOrderLocation,
  type PlacementOptions,
  type PurchaseOrderActor,
  type PurchaseOrderInput,
  plannedUpsert,
} from '../src/domain/purchase-orders/write.js';
import { ApiUser, LocationRole } from '../src/entities/api-user.js';
import { Location } from '../src/entities/location.js';
import { Organization } from '../src/entities/organization.js';
import { httpErrorFor } from '../src/http/error-map.js';
import type { HttpError, ValidationFailed } from '../src/http/errors.js';
import { shownIdOf } from './support/record-rows.js';

/** Runs `work` in a transaction of its own, as the router and a bulk upload do. */
async function inTransaction<T>(work: (em: EntityManager) => Promise<T>): Promise<T> {
  return (await testOrm()).em.fork().transactional(work);
}

async function accessOf(em: EntityManager, world: World, userName: string): Promise<Access> {
  const organization = await em.findOneOrFail(Organization, { subdomain: world.id });
  const locations = await em.find(Location, { organizationId: organization.id }, { orderBy: { name: 'asc' } });
  const user = await em.findOneOrFail(ApiUser, { organizationId: organization.id, name: userName });
  const roles = await em.find(LocationRole, { apiUserId: user.id });
  return new Access(organization, user, locations, new Map(roles.map((role) => [role.locationId, role.role])));
}

/** What the writes look up, for the world's organization. */
async function lookupsIn(em: EntityManager, world: World): Promise<PurchaseOrderLookups> {
  const organization = await em.findOneOrFail(Organization, { subdomain: world.id });
  return new PurchaseOrderLookups(em, organization.id);
}

type NumberedInput = PurchaseOrderInput & { po_number: string };

/** Creates an order as provisioning does: placed as a create is, written by one statement (read without appointments: it has none). */
async function createPurchaseOrder(lookups: PurchaseOrderLookups, actor: PurchaseOrderActor, input: NumberedInput) {
  const scope = { organizationId: lookups.organizationId, appointmentLocationIds: [] };
  return { id: (await insertPurchaseOrder(lookups, input, newOrderLocation(actor, input), scope)).id };
}

/** Plans an upsert and writes it, as a bulk upload does each of its rows. */
async function upsertPurchaseOrder(
  lookups: PurchaseOrderLookups,
  actor: PurchaseOrderActor,
  input: NumberedInput,
  options?: PlacementOptions & { replaceItems?: boolean },
) {
  const { write, action } = await plannedUpsert(lookups, actor, input, options);
  await writePurchaseOrders(lookups, [write]);
  return { id: write.id, action };
}

/** What a provisioning script passes: everything allowed, names resolved like the API does. */
async function provisioningActor(em: EntityManager, world: World): Promise<PurchaseOrderActor> {
  const access = await accessOf(em, world, 'admin');
  return {
    organization: access.organization,
    locationNamed: (name) => access.locationNamed(name),
    locationById: (id) => access.locationById(id),
    require: (location) => location,
    can: () => true,
  };
}

/** How the API would answer the refusal: domain errors go through the HTTP error map. */
async function rejection(work: Promise<unknown>): Promise<HttpError> {
  try {
    await work;
  } catch (error) {
    const answer = httpErrorFor(error);
    if (answer) return answer;
    throw error;
  }
  throw new Error('expected the call to be rejected');
}

describe('purchase order writes outside HTTP', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const viewed = async (id: number) => (await world.as('admin').get(`/purchase_orders/${id}`)).body;
  /** The order a write outside HTTP answered by its row id, as the API shows it. */
  const viewedRow = async (rowId: number) => viewed(await shownIdOf('purchase_orders', rowId));

  it('creates an order with the same rules as the API', async () => {
    const order = await inTransaction(async (em) =>
      createPurchaseOrder(await lookupsIn(em, world), await provisioningActor(em, world), {
        po_number: uniqueId('PO-'),
        location_name: 'toronto dc',
        expected_starts_at: '2025-03-09T02:30:00',
        purchase_order_items: [{ product_name: 'Apples', quantity: 3, customer_name: 'fresh market' }],
      }),
    );
    const shown = await viewedRow(order.id);
    expect(shown).to.include({ location_name: 'Toronto DC', expected_starts_at: '2025-03-09T03:30:00-04:00' });
    expect(shown.purchase_order_items[0]).to.include({ product_name: 'Apples', customer_name: 'Fresh Market' });
  });

  it('creates by po_number, then updates the same order with nested item semantics', async () => {
    const poNumber = uniqueId('PO-');
    const first = await inTransaction(async (em) =>
      upsertPurchaseOrder(await lookupsIn(em, world), await provisioningActor(em, world), {
        po_number: poNumber,
        purchase_order_items: [{ product_name: 'Apples', quantity: 1 }],
      }),
    );
    expect(first.action).to.equal('created');
    const second = await inTransaction(async (em) =>
      upsertPurchaseOrder(await lookupsIn(em, world), await provisioningActor(em, world), {
        po_number: poNumber,
        notes: 'again',
        purchase_order_items: [{ product_name: 'Pears', quantity: 2 }],
      }),
    );
    expect(second).to.include({ action: 'updated' });
    expect(second.id).to.equal(first.id);
    const shown = await viewedRow(first.id);
    expect(shown.notes).to.equal('again');
    expect(shown.purchase_order_items.map((item: { product_name: string }) => item.product_name)).to.deep.equal([
      'Apples',
      'Pears',
    ]);
  });

  it('replaces the items when asked, so repeating the same input changes nothing new', async () => {
    const poNumber = uniqueId('PO-');
    const input = {
      po_number: poNumber,
      purchase_order_items: [
        { product_name: 'Apples', quantity: 1 },
        { product_name: 'Pears', quantity: 2 },
      ],
    };
    const toronto = async (em: EntityManager) => (await provisioningActor(em, world)).locationNamed('Toronto DC');
    await inTransaction(async (em) =>
      upsertPurchaseOrder(await lookupsIn(em, world), await provisioningActor(em, world), input, {
        urlLocation: await toronto(em),
        replaceItems: true,
      }),
    );
    const order = await inTransaction(async (em) =>
      upsertPurchaseOrder(await lookupsIn(em, world), await provisioningActor(em, world), input, {
        urlLocation: await toronto(em),
        replaceItems: true,
      }),
    );
    const shown = await viewedRow(order.id);
    expect(shown.location_name).to.equal('Toronto DC');
    expect(
      shown.purchase_order_items.map((item: { product_name: string; quantity: number }) => [
        item.product_name,
        item.quantity,
      ]),
    ).to.deep.equal([
      ['Apples', 1],
      ['Pears', 2],
    ]);
    const withIds = await rejection(
      inTransaction(async (em) =>
        upsertPurchaseOrder(
          await lookupsIn(em, world),
          await provisioningActor(em, world),
          { po_number: poNumber, purchase_order_items: [{ id: shown.purchase_order_items[0].id, quantity: 5 }] },
          { replaceItems: true },
        ),
      ),
    );
    expect((withIds as ValidationFailed).errors).to.deep.equal({
      'purchase_order_items[0].id': ["is not allowed here: these items replace the order's items"],
    });
  });

  it('assigns an existing unassigned order to the URL location and refuses one assigned elsewhere', async () => {
    const unassigned = (
      await world.as('admin').post('/purchase_orders', { purchase_order: { po_number: uniqueId('PO-') } })
    ).body;
    const elsewhere = (
      await world
        .as('admin')
        .post('/purchase_orders', { purchase_order: { po_number: uniqueId('PO-'), location_name: 'Vancouver DC' } })
    ).body;
    const toronto = async (em: EntityManager) => (await provisioningActor(em, world)).locationNamed('Toronto DC');
    await inTransaction(async (em) =>
      upsertPurchaseOrder(
        await lookupsIn(em, world),
        await provisioningActor(em, world),
        { po_number: unassigned.po_number },
        { urlLocation: await toronto(em) },
      ),
    );
    expect((await viewed(unassigned.id)).location_name).to.equal('Toronto DC');
    const refused = await rejection(
      inTransaction(async (em) =>
        upsertPurchaseOrder(
          await lookupsIn(em, world),
          await provisioningActor(em, world),
          { po_number: elsewhere.po_number, notes: 'x' },
          { urlLocation: await toronto(em) },
        ),
      ),
    );
    expect(refused.status).to.equal(422);
    expect((refused as ValidationFailed).errors).to.deep.equal({
      po_number: ['belongs to an order assigned to another location (Vancouver DC), not Toronto DC'],
    });
    expect(await viewed(elsewhere.id)).to.deep.include({ notes: null, location_name: 'Vancouver DC' });
  });

  it("enforces the caller's access like the API does", async () => {
    const vancouver = (
      await world
        .as('admin')
        .post('/purchase_orders', { purchase_order: { po_number: uniqueId('PO-'), location_name: 'Vancouver DC' } })
    ).body;
    const readOnly = await rejection(
      inTransaction(async (em) =>
        upsertPurchaseOrder(await lookupsIn(em, world), await accessOf(em, world, 'integration'), {
          po_number: vancouver.po_number,
          notes: 'x',
        }),
      ),
    );
    expect(readOnly.status).to.equal(403);
    const noAccess = await rejection(
      inTransaction(async (em) =>
        createPurchaseOrder(await lookupsIn(em, world), await accessOf(em, world, 'integration'), {
          po_number: uniqueId('PO-'),
          location_name: 'Auckland DC',
        }),
      ),
    );
    expect(noAccess.status).to.equal(403);
  });
});
