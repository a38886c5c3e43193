import type { ProfileFile } from '@warehouse-kit/spec/conformance-profile';
import { expect } from 'chai';
import { createRunContext, type RunContext } from '../src/context.js';
import { orderBody } from '../src/fixtures/purchase-orders.js';
import { withRequiredFields } from '../src/fixtures/requirements.js';
import { parseProfile } from '../src/profile.js';

const file: ProfileFile = {
  organization: 'https://acme.example.com',
  locations: [
    {
      name: 'Toronto DC',
      address: 'https://acme-toronto.example.com',
      time_zone: 'America/Toronto',
      requires: {
        purchase_order_fields: ['expected_starts_at', 'expected_ends_at', 'carrier_name', 'notes', 'reference_numbers'],
        catalog_products: true,
      },
    },
    {
      name: 'Auckland DC',
      address: 'https://acme-auckland.example.com',
      time_zone: 'Pacific/Auckland',
      requires: { purchase_order_fields: ['expected_ends_at'] },
    },
    { name: 'Vancouver DC', address: 'https://acme-vancouver.example.com', time_zone: 'America/Vancouver' },
  ],
  tokens: { admin: { token: 'admin-token' } },
};

describe('orders meeting what a location requires', () => {
  let ctx: RunContext;
  let toronto: RunContext['home'];
  let auckland: RunContext['home'];
  let vancouver: RunContext['home'];
  beforeEach(() => {
    // No request is sent: the context only names things and makes clients.
    ctx = createRunContext(parseProfile(file, 'deployment.yaml', {}), { allowAppointments: false, log: () => {} });
    const [first, second, third] = ctx.profile.locations;
    [toronto, auckland, vancouver] = [first, second!, third!];
  });

  it('fills in every field a location requires and the order lacks, with the run prefix', () => {
    const filled = withRequiredFields(ctx, { po_number: 'PO-1', location_name: 'Toronto DC' }, [toronto]);
    expect(filled).to.include({ po_number: 'PO-1', location_name: 'Toronto DC' });
    expect(filled.carrier_name).to.equal(`${ctx.prefix} carrier`);
    expect(filled.notes).to.equal(`${ctx.prefix} order`);
    expect(filled.reference_numbers).to.deep.equal([`${ctx.prefix.toUpperCase()}-1`]);
    // Toronto's local noon before its next change, without an offset, and four hours later.
    expect(filled.expected_starts_at).to.match(/^\d{4}-\d{2}-\d{2}T12:00:00$/);
    expect(filled.expected_ends_at).to.equal(`${(filled.expected_starts_at as string).slice(0, 10)}T16:00:00`);
  });

  it('never changes what the check sent, null included', () => {
    const sent = {
      expected_starts_at: '2027-03-14T02:30:00',
      expected_ends_at: null,
      carrier_name: 'Fast Freight',
      notes: 'as sent',
      reference_numbers: ['R-1'],
    };
    expect(withRequiredFields(ctx, sent, [toronto])).to.deep.equal(sent);
  });

  it('writes a required time the way the check wrote the other: wall-clock time without an offset, or with its offset', () => {
    // Across Toronto's spring-forward gap, still four wall-clock hours later, still read in the zone.
    expect(withRequiredFields(ctx, { expected_starts_at: '2027-03-14T01:30:00' }, [toronto])).to.include({
      expected_ends_at: '2027-03-14T05:30:00',
    });
    expect(withRequiredFields(ctx, { expected_starts_at: '2027-03-14T01:30:00+05:45' }, [toronto])).to.include({
      expected_ends_at: '2027-03-14T05:30:00+05:45',
    });
    expect(withRequiredFields(ctx, { expected_ends_at: '2027-03-14T08:00:00Z' }, [toronto])).to.include({
      expected_starts_at: '2027-03-14T04:00:00Z',
    });
  });

  it('requires nothing of an unassigned order or at a location that declares nothing', () => {
    expect(withRequiredFields(ctx, { po_number: 'PO-2' }, [undefined])).to.deep.equal({ po_number: 'PO-2' });
    expect(withRequiredFields(ctx, { po_number: 'PO-3' }, [vancouver])).to.deep.equal({ po_number: 'PO-3' });
  });

  it("adds what a move's destination requires to what the order's own location requires", () => {
    const filled = withRequiredFields(ctx, { expected_starts_at: '2027-01-10T09:00:00' }, [vancouver, auckland]);
    expect(filled).to.deep.equal({
      expected_starts_at: '2027-01-10T09:00:00',
      expected_ends_at: '2027-01-10T13:00:00',
    });
  });

  it('builds create bodies that meet the requirements of the location the body names, however it is spelt', () => {
    const { purchase_order: order } = orderBody(ctx, 'label', { location_name: '  auckland dc ' });
    expect(order)
      .to.have.property('expected_ends_at')
      .that.matches(/T16:00:00$/);
    expect(order).not.to.have.property('reference_numbers');
    const moving = orderBody(ctx, 'label', { location_name: 'Vancouver DC' }, [toronto]).purchase_order;
    expect(moving).to.have.property('reference_numbers').with.length(1);
    expect(orderBody(ctx, 'label', {}).purchase_order).to.have.keys(['po_number', 'carrier_name', 'notes']);
  });
});
