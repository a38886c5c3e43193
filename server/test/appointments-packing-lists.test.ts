import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { PackingList } from '../src/entities/appointment.js';
import { Product } from '../src/entities/product.js';
import { createAppointment, insertPurchaseOrder } from './support/appointments.js';
import { rowIdOf } from './support/record-rows.js';

interface Listed {
  id: number;
  product_name: string;
  quantity: number;
  po_number: string | null;
  received_quantity: number | null;
}

describe('appointment packing lists', () => {
  let server: TestServer;
  let world: World;
  const orders: Record<string, number> = {};

  before(async () => {
    ({ server, world } = await startWorld({
      shape: (organization) => ({
        ...organization,
        locations: organization.locations.map((location) =>
          location.name === 'Toronto DC'
            ? {
                ...location,
                products: [
                  ...(location.products ?? []),
                  { name: 'Plums', sku: 'PLM-1' },
                  { name: 'plums', sku: 'PLM-2' },
                  { name: 'Pears', sku: 'PER-1' },
                  { name: 'PEARS', sku: 'PER-2' },
                  { name: 'pears', sku: 'PER-3' },
                ],
              }
            : location,
        ),
      }),
    }));
    orders.toronto = await insertPurchaseOrder(world, 'toronto', 'PO-100');
    orders.unassigned = await insertPurchaseOrder(world, null, 'PO-200');
    orders.vancouver = await insertPurchaseOrder(world, 'vancouver', 'PO-300');
  });
  after(() => server.close());

  const create = (packing_lists: unknown[]) =>
    world.as('admin').post('/appointments', { appointment: { location_name: 'Toronto DC', packing_lists } });
  const update = (id: number, packing_lists: unknown[]) =>
    world.as('admin').patch(`/appointments/${id}`, { appointment: { packing_lists } });
  const storedLists = async (appointmentId: number) =>
    (await testOrm()).em
      .fork()
      .find(
        PackingList,
        { appointmentId: await rowIdOf(world, 'appointments', appointmentId) },
        { orderBy: { id: 'asc' } },
      );

  it(
    'creates packing lists naming products of the warehouse case-insensitively, ' +
      'storing the product and its own spelling',
    async () => {
      const res = await create([
        { product_name: 'apples', quantity: 10 },
        { product_name: ' BANANAS ', quantity: 2.5, received_quantity: 0 },
      ]);
      expect(res.status).to.equal(200);
      expect(
        res.body.packing_lists.map((l: Listed) => [l.product_name, l.quantity, l.received_quantity, l.po_number]),
      ).to.deep.equal([
        ['Apples', 10, null, null],
        ['Bananas', 2.5, 0, null],
      ]);
      expect(res.body.packing_lists[0].created_at).to.match(/-0[45]:00$/);
      const em = (await testOrm()).em.fork();
      const apples = await em.findOneOrFail(Product, { id: (await storedLists(res.body.id))[0]!.productId! });
      expect(apples).to.include({ name: 'Apples', sku: 'APL-001' });
    },
  );

  it('links a purchase order at the warehouse or an unassigned one by its exact number', async () => {
    const res = await create([
      { product_name: 'Apples', quantity: 1, po_number: ' PO-100 ' },
      { product_name: 'Apples', quantity: 1, po_number: 'PO-200' },
    ]);
    expect(res.status).to.equal(200);
    expect(res.body.packing_lists.map((l: Listed) => l.po_number)).to.deep.equal(['PO-100', 'PO-200']);
    expect((await storedLists(res.body.id)).map((l) => l.purchaseOrderId)).to.deep.equal([
      orders.toronto,
      orders.unassigned,
    ]);
    const otherCase = await create([{ product_name: 'Apples', quantity: 1, po_number: 'po-100' }]);
    expect(otherCase.status).to.equal(422);
    expect(otherCase.body.errors).to.have.keys('packing_lists[0].po_number');
  });

  it(
    'rejects a product of another warehouse, an unknown product, ' +
      'a purchase order of another warehouse and an unknown one',
    async () => {
      const res = await create([
        { product_name: 'Salmon', quantity: 1 },
        { product_name: 'Apples', quantity: 1, po_number: 'PO-300' },
        { product_name: 'Apples', quantity: 1, po_number: 'PO-999' },
      ]);
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'packing_lists[0].product_name': ['is not a product of Toronto DC'],
        'packing_lists[1].po_number': ['is not a purchase order at Toronto DC or an unassigned one'],
        'packing_lists[2].po_number': ['is not a purchase order at Toronto DC or an unassigned one'],
      });
      const vancouver = await world.as('admin').post('/appointments', {
        appointment: { location_name: 'Vancouver DC', packing_lists: [{ product_name: 'Bananas', quantity: 1 }] },
      });
      expect(vancouver.body.errors).to.deep.equal({
        'packing_lists[0].product_name': ['is not a product of Vancouver DC'],
      });
    },
  );

  it('requires a product and a quantity on new entries, and refuses ids and removals on create', async () => {
    // The create's packing-list schema says so (DECISIONS 446), so each is refused as the schema words it.
    const res = await create([
      { quantity: 1 },
      { product_name: 'Apples' },
      { id: 1, product_name: 'Apples', quantity: 1 },
      { _destroy: true, product_name: 'Apples', quantity: 1 },
    ]);
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.deep.equal({
      'packing_lists[0].product_name': ['is required'],
      'packing_lists[1].quantity': ['is required'],
      'packing_lists[2].id': ['is not allowed here'],
      'packing_lists[3]._destroy': ['must be one of: false'],
    });
    const kept = await create([{ _destroy: false, product_name: 'Apples', quantity: 1 }]);
    expect(kept.status, JSON.stringify(kept.body)).to.equal(200);
  });

  it('rejects a zero quantity and a negative received quantity', async () => {
    const res = await create([{ product_name: 'Apples', quantity: 0, received_quantity: -1 }]);
    expect(res.status).to.equal(422);
    expect(Object.keys(res.body.errors).sort()).to.deep.equal([
      'packing_lists[0].quantity',
      'packing_lists[0].received_quantity',
    ]);
  });

  it(
    'settles a name several products share by its exact ' + 'spelling, and refuses it when that is not unique either',
    async () => {
      const exact = await create([
        { product_name: 'plums', quantity: 1 },
        { product_name: ' Plums ', quantity: 1 },
      ]);
      expect(exact.status).to.equal(200);
      expect(exact.body.packing_lists.map((l: Listed) => l.product_name)).to.deep.equal(['plums', 'Plums']);
      const ambiguous = await create([{ product_name: 'pEARS', quantity: 1 }]);
      expect(ambiguous.status).to.equal(422);
      expect(ambiguous.body.errors).to.deep.equal({
        'packing_lists[0].product_name': ['is ambiguous: 3 products of Toronto DC match it; give them distinct names'],
      });
    },
  );

  describe('on update', () => {
    it(
      'adds entries without id, changes entries with id, ' + 'removes entries marked _destroy and keeps the rest',
      async () => {
        const created = (
          await create([
            { product_name: 'Apples', quantity: 1 },
            { product_name: 'Bananas', quantity: 2 },
            { product_name: 'Apples', quantity: 3 },
          ])
        ).body;
        const [first, second, third] = created.packing_lists as Listed[];
        const res = await update(created.id, [
          { id: first!.id, quantity: 5, received_quantity: 4, po_number: 'PO-100' },
          { id: second!.id, _destroy: true },
          { product_name: 'bananas', quantity: 7 },
        ]);
        expect(res.status).to.equal(200);
        expect(
          res.body.packing_lists.map((l: Listed) => [
            l.id,
            l.product_name,
            l.quantity,
            l.received_quantity,
            l.po_number,
          ]),
        ).to.deep.equal([
          [first!.id, 'Apples', 5, 4, 'PO-100'],
          [third!.id, 'Apples', 3, null, null],
          [res.body.packing_lists[2].id, 'Bananas', 7, null, null],
        ]);
        expect(res.body.packing_lists[2].id).to.be.greaterThan(third!.id);
      },
    );

    it('changes the product of an entry and unlinks its purchase order with a null po_number', async () => {
      const created = (await create([{ product_name: 'Apples', quantity: 1, po_number: 'PO-100' }])).body;
      const id = created.packing_lists[0].id;
      const res = await update(created.id, [{ id, product_name: 'BANANAS', po_number: null }]);
      expect(res.status).to.equal(200);
      expect(res.body.packing_lists[0]).to.include({ id, product_name: 'Bananas', po_number: null, quantity: 1 });
      const [stored] = await storedLists(created.id);
      expect(stored!.purchaseOrderId).to.equal(null);
    });

    it('refuses ids of another appointment or unknown ids with 422, changing nothing', async () => {
      const mine = (await create([{ product_name: 'Apples', quantity: 1 }])).body;
      const other = (await create([{ product_name: 'Bananas', quantity: 9 }])).body;
      const res = await update(mine.id, [
        { id: other.packing_lists[0].id, quantity: 1 },
        { id: 99999999, _destroy: true },
        { product_name: 'Apples', quantity: 2 },
      ]);
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'packing_lists[0].id': [`is not a packing list of appointment ${mine.id}`],
        'packing_lists[1].id': [`is not a packing list of appointment ${mine.id}`],
      });
      expect((await world.as('admin').get(`/appointments/${other.id}`)).body.packing_lists[0].quantity).to.equal(9);
      expect((await world.as('admin').get(`/appointments/${mine.id}`)).body.packing_lists).to.have.length(1);
    });

    it('rejects _destroy without an id, changing nothing', async () => {
      const created = (await create([{ product_name: 'Apples', quantity: 1 }])).body;
      const res = await update(created.id, [{ product_name: 'Bananas', quantity: 1, _destroy: true }]);
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'packing_lists[0]._destroy': ['needs the id of the packing list to remove'],
      });
      const after = await world.as('admin').get(`/appointments/${created.id}`);
      expect(after.body.packing_lists.map((l: Listed) => l.product_name)).to.deep.equal(['Apples']);
    });

    it('moves the appointment updated_at when only a packing list changes', async () => {
      const created = (await create([{ product_name: 'Apples', quantity: 1 }])).body;
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await update(created.id, [{ id: created.packing_lists[0].id, received_quantity: 1 }]);
      expect(Date.parse(res.body.updated_at)).to.be.greaterThan(Date.parse(created.updated_at));
    });
  });

  it(
    'keeps a product from deletion while an active appointment lists it, ' +
      'and lets it go once the appointment is cancelled',
    async () => {
      const admin = world.as('admin');
      const product = (
        await admin.post('/products', { product: { location_name: 'Toronto DC', name: 'Quince', sku: 'QNC-1' } })
      ).body;
      const appointment = await createAppointment(admin, {
        location_name: 'Toronto DC',
        scheduled_at: '2025-07-01T09:00:00',
        packing_lists: [{ product_name: 'quince', quantity: 3 }],
      });

      const refused = await admin.delete(`/products/${product.id}`);
      expect(refused.status).to.equal(422);
      expect(refused.body.errors.base[0]).to.include('active appointments');

      expect(
        (await admin.patch(`/appointments/${appointment.id}`, { appointment: { state: 'cancelled' } })).status,
      ).to.equal(200);
      expect((await admin.delete(`/products/${product.id}`)).status).to.equal(204);
      const after = await admin.get(`/appointments/${appointment.id}`);
      expect(after.body.packing_lists[0]).to.include({ product_name: 'Quince', quantity: 3 });
    },
  );
});
