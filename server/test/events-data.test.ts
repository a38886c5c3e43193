import { createAjv } from '@warehouse-kit/spec/validators';
import { expect } from 'chai';
import type { Location } from '../src/entities/location.js';
import { envelopeFor } from '../src/events/envelope.js';
import { eventsOf, MAX_EVENT_DATA_BYTES } from '../src/events/event-log.js';
import { EventCodec } from '../src/events/opaque.js';
import type { Rendered } from '../src/events/record-state.js';
import type { StoredEvent } from '../src/events/rows.js';

const toronto = { id: 1, name: 'Toronto DC', subdomain: 'acme-toronto', timeZone: 'America/Toronto' } as Location;
const vancouver = {
  id: 2,
  name: 'Vancouver DC',
  subdomain: 'acme-vancouver',
  timeZone: 'America/Vancouver',
} as Location;

const product = (fields: Partial<Rendered['product']> = {}): Rendered['product'] => ({
  id: 17,
  name: 'Apples',
  sku: 'APL-001',
  location_name: 'Toronto DC',
  created_at: '2026-11-02T09:15:00-05:00',
  updated_at: '2026-11-02T09:15:00-05:00',
  ...fields,
});

const order = (fields: Partial<Rendered['purchase_order']> = {}): Rendered['purchase_order'] => ({
  id: 42,
  po_number: 'PO-1001',
  location_name: 'Toronto DC',
  expected_starts_at: null,
  expected_ends_at: null,
  earliest_assignment_date: '2026-11-23T10:00:00-05:00',
  carrier_name: null,
  reference_numbers: [],
  notes: null,
  custom_values: {},
  purchase_order_items: [],
  appointments: [],
  created_at: '2026-11-23T10:00:00-05:00',
  updated_at: '2026-11-23T10:00:00-05:00',
  ...fields,
});

describe("an event's data (extension)", () => {
  it('lists in previous_attributes only the attributes whose rendering changed, with their rendering before', () => {
    const [event, ...more] = eventsOf({
      kind: 'product',
      organizationId: 1,
      before: { object: product(), location: toronto },
      after: { object: product({ name: 'Gala', updated_at: '2026-11-03T09:00:00-05:00' }), location: toronto },
    });
    expect(more).to.deep.equal([]);
    expect(event).to.deep.include({ type: 'product.updated', recordId: 17, locationId: 1, visibility: 'location' });
    expect(event!.data.previous_attributes).to.deep.equal({
      name: 'Apples',
      updated_at: '2026-11-02T09:15:00-05:00',
    });
  });

  it('has no event for a change that alters nothing the record shows', () => {
    const same = { object: product(), location: toronto };
    expect(eventsOf({ kind: 'product', organizationId: 1, before: same, after: same })).to.deep.equal([]);
  });

  it('says who could see an order before it changed location, and nothing when it stayed', () => {
    const moved = eventsOf({
      kind: 'purchase_order',
      organizationId: 1,
      before: { object: order(), location: null },
      after: { object: order({ location_name: 'Vancouver DC' }), location: vancouver },
    });
    expect(moved.map((event) => [event.type, event.priorVisibility, event.priorLocationId])).to.deep.equal([
      ['purchase_order.updated', 'everyone', null],
      ['purchase_order.assigned', 'everyone', null],
    ]);
    const edited = eventsOf({
      kind: 'purchase_order',
      organizationId: 1,
      before: { object: order(), location: toronto },
      after: { object: order({ notes: 'dock 4' }), location: toronto },
    });
    expect(edited.map((event) => [event.type, event.priorVisibility])).to.deep.equal([
      ['purchase_order.updated', null],
    ]);
  });

  it('leaves out previous_attributes beyond 256 KiB, then keeps only the id and says it is truncated', () => {
    const half = 'x'.repeat(MAX_EVENT_DATA_BYTES / 2);
    const [large] = eventsOf({
      kind: 'purchase_order',
      organizationId: 1,
      before: { object: order({ notes: half }), location: toronto, appointmentLocations: {} },
      after: { object: order({ notes: `${half}y` }), location: toronto, appointmentLocations: {} },
    });
    expect(large!.data).to.have.keys('object', 'truncated');
    expect(large!.data.object.notes).to.equal(`${half}y`);
    expect(large!.data.truncated).to.equal(false);

    const whole = 'z'.repeat(MAX_EVENT_DATA_BYTES);
    const [huge] = eventsOf({
      kind: 'purchase_order',
      organizationId: 1,
      after: { object: order({ notes: whole }), location: toronto, appointmentLocations: { 7: 1 } },
    });
    expect(huge!.data).to.deep.equal({ object: { id: 42 }, truncated: true });
    expect(huge!.appointmentLocations).to.equal(null);
  });

  it('makes of a truncated event an envelope the spec accepts', () => {
    const [huge] = eventsOf({
      kind: 'purchase_order',
      organizationId: 1,
      after: { object: order({ notes: 'z'.repeat(MAX_EVENT_DATA_BYTES) }), location: toronto },
    });
    const stored: StoredEvent = { ...huge!, id: '9', txid: '812', occurredAt: new Date('2026-11-23T15:00:00Z') };
    const codec = new EventCodec(Buffer.alloc(32, 7));
    const envelope = envelopeFor(
      { organization: { id: 1, subdomain: 'acme' }, codec, locationById: () => toronto, locationIds: new Set([1]) },
      stored,
    );
    expect(envelope).to.deep.include({
      id: codec.eventId(1, '9'),
      time: '2026-11-23T10:00:00-05:00',
      subject: 'purchase_orders/42',
    });
    expect(codec.position(1, envelope.cursor)).to.deep.equal({ txid: '812', id: '9' });
    const validate = createAjv().compile({ $ref: 'urn:warehouse-api:schemas#/$defs/Event' });
    expect(validate(envelope), JSON.stringify(validate.errors)).to.equal(true);
  });
});
