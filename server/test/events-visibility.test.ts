import type { ApiClient, TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { type FeedEvent, feedEnd, ok, readUntil, typesOf } from './support/events.js';

// `integration` is admin at Toronto, read-only at Vancouver and has no role at Auckland.
describe('who sees which events (extension)', () => {
  let server: TestServer;
  let world: World;
  let admin: ApiClient;
  let integration: ApiClient;

  before(async () => {
    ({ server, world } = await startWorld());
    admin = world.as('admin');
    integration = world.as('integration');
    await ok(admin.post('/products', { product: { name: 'Kiwi', sku: 'KIW-1', location_name: 'Auckland DC' } }));
  });
  after(() => server.close());

  const isMarker = (event: FeedEvent) =>
    event.type === 'company.created' && event.data.object.name.startsWith('Marker ');

  /**
   * What `reader` sees of the events after `start`, up to a company created last, which every
   * reader sees; such markers are left out.
   */
  async function seenBy(reader: ApiClient, start: string, query: Record<string, string> = {}): Promise<FeedEvent[]> {
    const marker = await ok(
      admin.post('/companies', { company: { name: uniqueId('Marker '), company_type: 'carrier' } }),
    );
    const subject = `companies/${marker.id}`;
    const { events } = await readUntil(reader, start, (seen) => seen.some((event) => event.subject === subject), query);
    return events.filter((event) => !isMarker(event));
  }
  const subjects = (events: FeedEvent[]) => events.map((event) => `${event.type} ${event.subject}`);

  it('shows a user the events of the locations where it has a role, read-only included, and of the whole organization', async () => {
    const start = await feedEnd(admin);
    const auckland = await ok(admin.post('/products', { product: { name: 'Feijoa', location_name: 'Auckland DC' } }));
    const vancouver = await ok(admin.post('/products', { product: { name: 'Plums', location_name: 'Vancouver DC' } }));
    const hidden = await ok(
      admin.post('/appointments', {
        appointment: { location_name: 'Auckland DC', scheduled_at: '2026-12-01T09:00:00' },
      }),
    );
    const company = await ok(
      admin.post('/companies', { company: { name: uniqueId('Hauler '), company_type: 'carrier' } }),
    );
    const unassigned = await ok(admin.post('/purchase_orders', { purchase_order: { po_number: uniqueId('PO-') } }));

    const everything = [
      `product.created products/${auckland.id}`,
      `product.created products/${vancouver.id}`,
      `appointment.created appointments/${hidden.id}`,
      `appointment.booked appointments/${hidden.id}`,
      `company.created companies/${company.id}`,
      `purchase_order.created purchase_orders/${unassigned.id}`,
    ];
    const [forAdmin, forIntegration] = [await seenBy(admin, start), await seenBy(integration, start)];
    expect(subjects(forAdmin)).to.deep.equal(everything);
    expect(subjects(forIntegration)).to.deep.equal([everything[1], everything[4], everything[5]]);
  });

  it('shows a location interface, or a location_name, that location and the organization-wide events', async () => {
    const start = await feedEnd(admin);
    const toronto = await ok(admin.post('/products', { product: { name: 'Figs', location_name: 'Toronto DC' } }));
    await ok(admin.post('/products', { product: { name: 'Dates', location_name: 'Vancouver DC' } }));
    const unassigned = await ok(admin.post('/purchase_orders', { purchase_order: { po_number: uniqueId('PO-') } }));

    const expected = [
      `product.created products/${toronto.id}`,
      `purchase_order.created purchase_orders/${unassigned.id}`,
    ];
    expect(subjects(await seenBy(world.as('admin', 'toronto'), start))).to.deep.equal(expected);
    expect(subjects(await seenBy(admin, start, { location_name: 'toronto dc' }))).to.deep.equal(expected);
    expect((await integration.get('/events', { location_name: 'Auckland DC' })).status).to.equal(403);
    expect((await integration.get('/events', { location_name: 'Nowhere DC' })).status).to.equal(404);
  });

  it('shows a move to a reader of the destination without where the order was, and nothing to a reader of the origin only', async () => {
    const order = await ok(
      admin.post('/purchase_orders', {
        purchase_order: { po_number: uniqueId('PO-'), location_name: 'Auckland DC', notes: 'Auckland only' },
      }),
    );
    const move = (location_name: string | null) =>
      ok(admin.patch(`/purchase_orders/${order.id}`, { purchase_order: { location_name } }));
    const start = await feedEnd(admin);
    await move('Toronto DC');
    await move('Auckland DC');
    await move(null);

    const byIntegration = await seenBy(integration, start);
    expect(typesOf(byIntegration)).to.deep.equal([
      'purchase_order.updated',
      'purchase_order.moved',
      'purchase_order.updated',
      'purchase_order.unassigned',
    ]);
    for (const event of byIntegration) {
      expect(event.data).to.have.keys('object', 'truncated');
      expect(event.data.object.notes).to.equal('Auckland only');
    }
    const byAdmin = await seenBy(admin, start);
    expect(typesOf(byAdmin)).to.have.length(6);
    expect(byAdmin[1]!.data.previous_attributes).to.include({ location_name: 'Auckland DC' });
    expect(byAdmin[5]!.data.previous_attributes).to.include({ location_name: 'Auckland DC' });
  });

  it('nests in an order only the booked appointments at the reader locations, as GET does', async () => {
    const order = await ok(admin.post('/purchase_orders', { purchase_order: { po_number: uniqueId('PO-') } }));
    for (const [location_name, product_name] of [
      ['Toronto DC', 'Apples'],
      ['Auckland DC', 'Kiwi'],
    ]) {
      await ok(
        admin.post('/appointments', {
          appointment: {
            location_name,
            scheduled_at: '2026-12-03T09:00:00',
            packing_lists: [{ po_number: order.po_number, product_name, quantity: 1 }],
          },
        }),
      );
    }
    const start = await feedEnd(admin);
    await ok(admin.patch(`/purchase_orders/${order.id}`, { purchase_order: { notes: 'Two bookings' } }));

    for (const reader of [admin, integration]) {
      const [updated] = await seenBy(reader, start);
      expect(updated!.type).to.equal('purchase_order.updated');
      expect(updated!.data.object).to.deep.equal(await ok(reader.get(`/purchase_orders/${order.id}`)));
    }
    const [forIntegration] = await seenBy(integration, start);
    expect(
      forIntegration!.data.object.appointments.map((a: { location_name: string }) => a.location_name),
    ).to.deep.equal(['Toronto DC']);
    const [forAdmin] = await seenBy(admin, start);
    expect(forAdmin!.data.object.appointments).to.have.length(2);
  });

  it('answers GET /events/{id} as the feed shows the event, and 404 for one the token cannot see, as for an unknown id', async () => {
    const start = await feedEnd(admin);
    const hidden = await ok(admin.post('/products', { product: { name: 'Tamarillo', location_name: 'Auckland DC' } }));
    const seen = await ok(admin.post('/products', { product: { name: 'Grapes', location_name: 'Toronto DC' } }));
    const events = await seenBy(admin, start);
    const [hiddenEvent, seenEvent] = events as [FeedEvent, FeedEvent];
    expect([hiddenEvent.subject, seenEvent.subject]).to.deep.equal([`products/${hidden.id}`, `products/${seen.id}`]);

    expect(await ok(admin.get(`/events/${hiddenEvent.id}`))).to.deep.equal(hiddenEvent);
    expect(await ok(integration.get(`/events/${seenEvent.id}`))).to.deep.equal(seenEvent);
    const refused = await integration.get(`/events/${hiddenEvent.id}`);
    const unknown = await integration.get('/events/evt_9223372036854775807');
    expect([refused.status, unknown.status]).to.deep.equal([404, 404]);
    expect(refused.body.error).to.equal(`event ${hiddenEvent.id} not found`);
    expect(unknown.body.error).to.equal('event evt_9223372036854775807 not found');
    // Another spelling of an id names no event; a malformed one is refused.
    const respelled = seenEvent.id.replace('evt_', 'evt_0');
    // Past 19 digits the spec's pattern refuses it before the server looks.
    expect((await admin.get(`/events/${respelled}`)).status).to.equal(respelled.length > 23 ? 400 : 404);
    expect((await admin.get('/events/evt_99999999999999999999')).status).to.equal(400);
    expect((await admin.get('/events/42')).status).to.equal(400);
    // Another organization's event is as unknown.
    const other = (await createWorld(server)).as('admin');
    expect((await other.get(`/events/${seenEvent.id}`)).status).to.equal(404);
  });
});
