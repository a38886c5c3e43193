import type { ApiClient, TestServer } from '@warehouse-kit/testing/server';
import { createWorld, recordQueries, startWorld, testOrm, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { eventTypes } from '../src/events/types.js';
import { type FeedEvent, feedEnd, ok, readEvents, readUntil, typesOf } from './support/events.js';

/** The attributes of `before` whose values `after` does not share: what `previous_attributes` holds. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  return Object.fromEntries(
    Object.keys(after)
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => [key, before[key]]),
  );
}

describe('events written with each change (extension)', () => {
  let server: TestServer;
  let world: World;
  let admin: ApiClient;

  before(async () => {
    ({ server, world } = await startWorld());
    admin = world.as('admin');
  });
  after(() => server.close());

  /** Creates a company, whose event every reader sees: what a test reads up to. */
  const marker = async () =>
    (await ok(admin.post('/companies', { company: { name: uniqueId('Marker '), company_type: 'carrier' } }))).id;
  /** The events after `start` up to the marker's, which is left out. */
  const eventsUntilMarker = async (start: string, markerId: number) =>
    (
      await readUntil(admin, start, (events) => events.some((event) => event.subject === `companies/${markerId}`))
    ).events.filter((event) => event.subject !== `companies/${markerId}`);

  it('carries quotes, backslashes and escapes in a record exactly, as a bind parameter (DECISIONS 297, 471)', async () => {
    const start = await feedEnd(admin);
    const name = uniqueId(`O'Hara \\ "crate" \\n \\' $$ ? `);
    const created = await ok(admin.post('/products', { product: { name, location_name: 'Toronto DC' } }));
    const [event] = await readEvents(admin, start, 1);
    expect(event!.data.object).to.deep.equal(created);
    expect(created.name).to.equal(name);
  });

  it('inserts events without firing a trigger or a key check (DECISIONS 298)', async () => {
    const [{ count }] = await (await testOrm()).em
      .getConnection()
      .execute<[{ count: number }]>(`select count(*)::int as count from pg_trigger where tgrelid = 'events'::regclass`);
    expect(count).to.equal(0);
  });

  it('records a product created, renamed and deleted, each with the product as GET renders it', async () => {
    const start = await feedEnd(admin);
    const created = await ok(
      admin.post('/products', { product: { name: 'Pears', sku: 'PER-1', location_name: 'Toronto DC' } }),
    );
    const renamed = await ok(admin.patch(`/products/${created.id}`, { product: { name: 'Green pears' } }));
    await ok(admin.delete(`/products/${created.id}`), 204);

    const events = await readEvents(admin, start, 3);
    expect(typesOf(events)).to.deep.equal(['product.created', 'product.updated', 'product.deleted']);
    const [create, update, remove] = events as [FeedEvent, FeedEvent, FeedEvent];
    expect(create.data).to.deep.equal({ object: created, truncated: false });
    expect(update.data).to.deep.equal({
      object: renamed,
      previous_attributes: changed(created, renamed),
      truncated: false,
    });
    expect(update.data.previous_attributes).to.include({ name: 'Pears' });
    expect(remove.data).to.deep.equal({ object: renamed, truncated: false });
    for (const event of events) {
      expect(event).to.include({
        specversion: '1.0',
        source: `/organizations/${world.id}/locations/${world.id}-toronto`,
        subject: `products/${created.id}`,
        datacontenttype: 'application/json',
      });
      // In Toronto's zone, like the product's own times.
      expect(event.time.slice(-6)).to.equal(created.created_at.slice(-6));
    }
    // Ids are unique and opaque: the feed's order is what orders events (DECISIONS 334).
    expect(new Set(events.map((event) => event.id)).size).to.equal(3);
  });

  it('records companies organization-wide, their times in UTC', async () => {
    const start = await feedEnd(admin);
    const created = await ok(admin.post('/companies', { company: { name: 'Swift Haulage', company_type: 'carrier' } }));
    const updated = await ok(admin.put(`/companies/${created.id}`, { company: { auto_approve_appointments: true } }));
    await ok(admin.delete(`/companies/${created.id}`), 204);

    const events = await readEvents(admin, start, 3);
    expect(typesOf(events)).to.deep.equal(['company.created', 'company.updated', 'company.deleted']);
    expect(events[1]!.data.previous_attributes).to.deep.equal(changed(created, updated));
    expect(events[1]!.data.previous_attributes).to.include({ auto_approve_appointments: false });
    for (const event of events) {
      expect(event.source).to.equal(`/organizations/${world.id}`);
      expect(event.time).to.match(/Z$/);
    }
  });

  it('records an appointment entering each state, after its created or updated event', async () => {
    const start = await feedEnd(admin);
    const unscheduled = await ok(admin.post('/appointments', { appointment: { location_name: 'Toronto DC' } }));
    const cancelled = await ok(admin.patch(`/appointments/${unscheduled.id}`, { appointment: { state: 'cancelled' } }));
    const pending = await ok(
      admin.post('/appointments', {
        appointment: {
          location_name: 'Toronto DC',
          scheduled_at: '2026-12-01T08:00:00',
          carrier_name: 'Careful Carriers',
        },
      }),
    );
    const states = ['booked', 'arrived', 'started', 'completed', 'left'];
    const answers = [];
    for (const state of states) {
      answers.push(await ok(admin.patch(`/appointments/${pending.id}`, { appointment: { state } })));
    }
    const noted = await ok(admin.patch(`/appointments/${pending.id}`, { appointment: { notes: 'Seal 0042' } }));

    const events = await readEvents(admin, start, 17);
    expect(typesOf(events)).to.deep.equal([
      'appointment.created',
      'appointment.needs_booking',
      'appointment.updated',
      'appointment.cancelled',
      'appointment.created',
      'appointment.pending',
      ...states.flatMap((state) => ['appointment.updated', `appointment.${state}`]),
      'appointment.updated',
    ]);
    expect(events[0]!.data).to.deep.equal({ object: unscheduled, truncated: false });
    expect(events[1]!.data).to.deep.equal(events[0]!.data);
    // A state event carries the same data as the update it comes with.
    expect(events[3]!.data).to.deep.equal({
      object: cancelled,
      previous_attributes: changed(unscheduled, cancelled),
      truncated: false,
    });
    expect(events[2]!.data).to.deep.equal(events[3]!.data);
    expect(events[3]!.data.previous_attributes).to.include({ state: 'needs_booking' });
    const arrived = events[9]!;
    expect(arrived.type).to.equal('appointment.arrived');
    expect(arrived.data.object).to.deep.equal(answers[1]);
    expect(arrived.data.previous_attributes).to.include({ state: 'booked' });
    expect(events[16]!.data.previous_attributes).to.deep.equal(changed(answers[4], noted));
    expect(events[16]!.data.previous_attributes).to.include({ notes: null });
  });

  it("records a purchase order's life: created unassigned, assigned, moved, edited, unassigned and deleted", async () => {
    const start = await feedEnd(admin);
    const customer = uniqueId('Corner Shop ');
    const created = await ok(
      admin.post('/purchase_orders', {
        purchase_order: {
          po_number: uniqueId('PO-'),
          expected_starts_at: '2026-12-01T13:00:00Z',
          purchase_order_items: [{ product_name: 'Apples', quantity: 5, customer_name: customer }],
        },
      }),
    );
    const patch = (fields: Record<string, unknown>) =>
      ok(admin.patch(`/purchase_orders/${created.id}`, { purchase_order: fields }));
    const assigned = await patch({ location_name: 'Toronto DC' });
    const moved = await patch({ location_name: 'Vancouver DC' });
    const edited = await patch({ notes: 'Call before delivery' });
    const unassigned = await patch({ location_name: null });
    await ok(admin.delete(`/purchase_orders/${created.id}`), 204);

    const events = await readEvents(admin, start, 10);
    expect(typesOf(events)).to.deep.equal([
      'company.created',
      'purchase_order.created',
      'purchase_order.updated',
      'purchase_order.assigned',
      'purchase_order.updated',
      'purchase_order.moved',
      'purchase_order.updated',
      'purchase_order.updated',
      'purchase_order.unassigned',
      'purchase_order.deleted',
    ]);
    expect(events[0]!.data.object).to.include({ name: customer, company_type: 'customer' });
    expect(events[1]!.data).to.deep.equal({ object: created, truncated: false });
    expect(events[1]!.source).to.equal(`/organizations/${world.id}`);
    expect(events[3]!.data).to.deep.equal({
      object: assigned,
      previous_attributes: changed(created, assigned),
      truncated: false,
    });
    expect(events[3]!.data.previous_attributes).to.include({ location_name: null });
    expect(events[5]!.data.previous_attributes).to.deep.equal(changed(assigned, moved));
    expect(events[5]!.data.previous_attributes).to.include({ location_name: 'Toronto DC' });
    expect(events[5]!.source).to.equal(`/organizations/${world.id}/locations/${world.id}-vancouver`);
    // The same instant, rendered in the zone the order was in.
    expect(events[5]!.data.previous_attributes!.expected_starts_at).to.equal('2026-12-01T08:00:00-05:00');
    expect(events[6]!.data.previous_attributes).to.deep.equal(changed(moved, edited));
    expect(events[8]!.data.object).to.deep.equal(unassigned);
    expect(events[9]!.data).to.deep.equal({ object: unassigned, truncated: false });
    expect(events[9]!.source).to.equal(`/organizations/${world.id}`);
  });

  it("records a bulk upload's rows, and nothing when the same upload changes nothing", async () => {
    const toronto = world.as('admin', 'toronto');
    const existing = await ok(
      admin.post('/purchase_orders', { purchase_order: { po_number: uniqueId('PO-'), location_name: 'Toronto DC' } }),
    );
    const customer = uniqueId('Bulk Buyer ');
    const upload = {
      bulk_upload: {
        products: [
          { name: 'Quince', sku: uniqueId('QUI-') },
          { name: 'Crisp apples', sku: 'APL-001' },
        ],
        purchase_orders: [
          {
            po_number: uniqueId('PO-'),
            purchase_order_items: [{ product_name: 'Apples', quantity: 3, customer_name: customer }],
          },
          { po_number: existing.po_number, notes: 'From the ERP' },
        ],
      },
    };
    const start = await feedEnd(admin);
    const result = await ok(toronto.post('/bulk_uploads', upload));
    const events = await readEvents(admin, start, 5);
    expect(typesOf(events)).to.deep.equal([
      'company.created',
      'product.created',
      'product.updated',
      'purchase_order.created',
      'purchase_order.updated',
    ]);
    expect(events.map((event) => event.data.object.id)).to.deep.equal([
      events[0]!.data.object.id,
      result.products[0].id,
      result.products[1].id,
      result.purchase_orders[0].id,
      existing.id,
    ]);
    expect(events[2]!.data.previous_attributes).to.include({ name: 'Apples' });
    expect(events[4]!.data.previous_attributes).to.include({ notes: null });
    const order = await ok(admin.get(`/purchase_orders/${existing.id}`));
    expect(events[4]!.data.object).to.deep.equal(order);

    const again = await feedEnd(admin);
    await ok(toronto.post('/bulk_uploads', upload));
    expect(await eventsUntilMarker(again, await marker())).to.deep.equal([]);
  });

  // The upload's locked read is its events' `before` (DECISIONS 418): it must hold the order's
  // booked appointments, or every change would claim they were once none.
  it("records a bulk upload's change of a booked order without its appointments among what changed", async () => {
    const product = await ok(
      admin.post('/products', {
        product: { name: uniqueId('Plums '), sku: uniqueId('PLM-'), location_name: 'Toronto DC' },
      }),
    );
    const order = await ok(
      admin.post('/purchase_orders', {
        purchase_order: {
          po_number: uniqueId('PO-'),
          location_name: 'Toronto DC',
          purchase_order_items: [{ product_name: product.name, quantity: 2 }],
        },
      }),
    );
    await ok(
      admin.post('/appointments', {
        appointment: {
          location_name: 'Toronto DC',
          scheduled_at: '2034-03-01T10:00:00',
          carrier_name: 'Fast Freight',
          customer_name: 'Fresh Market',
          packing_lists: [{ product_name: product.name, quantity: 2, po_number: order.po_number }],
        },
      }),
    );
    const booked = await ok(admin.get(`/purchase_orders/${order.id}`));
    expect(booked.appointments).to.have.length(1);
    const start = await feedEnd(admin);
    await ok(
      world.as('admin', 'toronto').post('/bulk_uploads', {
        bulk_upload: { purchase_orders: [{ po_number: order.po_number, notes: 'Booked and noted' }] },
      }),
    );
    const [event] = await readEvents(admin, start, 1);
    expect(event!.type).to.equal('purchase_order.updated');
    expect(Object.keys(event!.data.previous_attributes ?? {}).sort()).to.deep.equal(['notes', 'updated_at']);
    expect(event!.data.object.appointments).to.deep.equal(booked.appointments);
  });

  it('records nothing for a write that fails or rolls back, or that changes nothing', async () => {
    const start = await feedEnd(admin);
    const company = await ok(
      admin.post('/companies', { company: { name: uniqueId('Steady '), company_type: 'carrier' } }),
    );
    const product = await ok(admin.post('/products', { product: { name: 'Kiwi', location_name: 'Toronto DC' } }));
    const refused = [
      await admin.post('/products', { product: { name: ' ', location_name: 'Toronto DC' } }),
      await admin.post('/purchase_orders', {
        purchase_order: { po_number: uniqueId('PO-'), custom_values: { unknown_field: 'x' } },
      }),
      await admin.request('PATCH', `/companies/${company.id}`, {
        body: { company: { city: 'Hamilton' } },
        headers: { 'If-Match': '"999"' },
      }),
    ];
    expect(refused.map((res) => res.status)).to.deep.equal([422, 422, 412]);
    await ok(admin.patch(`/products/${product.id}`, { product: { name: 'Kiwi' } }));
    await ok(admin.patch(`/companies/${company.id}`, { company: { city: null } }));

    const events = await eventsUntilMarker(start, await marker());
    expect(typesOf(events)).to.deep.equal(['company.created', 'product.created']);
  });

  it('writes all the events of a transaction in one statement', async () => {
    const sent = await recordQueries(() =>
      ok(
        world.as('admin', 'toronto').post('/bulk_uploads', {
          bulk_upload: {
            products: Array.from({ length: 20 }, (_, i) => ({ name: `Bulk ${i}`, sku: uniqueId(`B${i}-`) })),
            purchase_orders: [
              { po_number: uniqueId('PO-'), purchase_order_items: [{ product_name: 'Apples', quantity: 1 }] },
            ],
          },
        }),
      ),
    );
    expect(sent.filter((statement) => /^\s*insert into events/i.test(statement))).to.have.length(1);
  });

  it('records the business records provisioning creates, each in the state the file asks for', async () => {
    const provisioned = await createWorld(server, (organization) => ({
      ...organization,
      purchase_orders: [
        {
          po_number: 'PROV-1',
          location_name: 'Toronto DC',
          purchase_order_items: [{ product_name: 'Apples', quantity: 9 }],
        },
      ],
      appointments: [
        {
          location_name: 'Toronto DC',
          reference_numbers: ['PROV-APPT-1'],
          scheduled_at: '2026-12-02T09:00:00',
          carrier_name: 'Fast Freight',
          packing_lists: [{ po_number: 'PROV-1', product_name: 'Apples', quantity: 9 }],
          state: 'arrived',
        },
      ],
    }));
    const client = provisioned.as('admin');
    const events = await readEvents(client, undefined, 3);
    expect(typesOf(events)).to.deep.equal(['purchase_order.created', 'appointment.created', 'appointment.arrived']);
    const appointment = await ok(client.get(`/appointments/${events[1]!.data.object.id}`));
    expect(events[1]!.data).to.deep.equal({ object: appointment, truncated: false });
  });

  it('has, between the writes above, emitted every event type of the spec', async () => {
    const { events } = await readUntil(admin, undefined, () => true);
    expect([...new Set(typesOf(events))].sort()).to.deep.equal([...eventTypes].sort());
  });
});
