import { expect } from 'chai';
import { DEMO_FIXTURE } from '../src/provision/demo.js';
import { readFixture, type UserFixture } from '../src/provision/fixture.js';
import { ProfileChoiceError, profileFor } from '../src/provision/profile.js';

describe('wh-server profile', () => {
  const demo = readFixture(DEMO_FIXTURE);

  it('chooses the demo organization, its admin, and the other roles from the fixture users', () => {
    const profile = profileFor(demo, { baseUrlTemplate: 'http://{subdomain}.localhost:3000' });
    expect(profile.organization).to.equal('http://acme.localhost:3000');
    // Paid locations first: the first is where the suite creates most records.
    expect(profile.locations.map(({ customers, requires, ...location }) => location)).to.deep.equal([
      { name: 'Toronto DC', address: 'http://acme-toronto.localhost:3000', time_zone: 'America/Toronto', paid: true },
      {
        name: 'Auckland DC',
        address: 'http://acme-auckland.localhost:3000',
        time_zone: 'Pacific/Auckland',
        paid: true,
      },
      {
        name: 'Vancouver DC',
        address: 'http://acme-vancouver.localhost:3000',
        time_zone: 'America/Vancouver',
        paid: false,
      },
    ]);
    expect(profile.tokens).to.deep.equal({
      admin: { token: 'acme-admin-token' },
      // Admin at Toronto; the viewer is admin nowhere, so every request of it would be 403.
      rate_limit: { token: 'acme-integration-token' },
      read_only: { token: 'acme-integration-token', location: 'Vancouver DC' },
      no_access: { token: 'acme-integration-token', location: 'Auckland DC' },
      // Read-only everywhere: admin nowhere, so every request of it is 403.
      no_admin: { token: 'acme-viewer-token' },
      unpaid: { token: 'globex-admin-token', organization: 'http://globex.localhost:3000' },
    });
    expect(profile.skipped).to.equal(undefined);
    // Every extension beyond the reference the reference server offers (DECISIONS 128, 170).
    expect(profile.extensions).to.deep.equal({ idempotency: true, etags: true, events: true, webhooks: true });
  });

  it("declares each location's customer settings, the server's defaults where the fixture sets none", () => {
    const profile = profileFor(demo, { baseUrlTemplate: 'http://{subdomain}.localhost:3000' });
    expect(profile.locations.map((location) => [location.name, location.customers])).to.deep.equal([
      ['Toronto DC', { create: true, auto_approve: true, can_create_carriers: false }],
      ['Auckland DC', { create: true, auto_approve: false, can_create_carriers: false }],
      ['Vancouver DC', { create: false, auto_approve: false, can_create_carriers: false }],
    ]);
  });

  it('declares what each location requires of an order: its required fields and whether only catalog products', () => {
    const profile = profileFor(demo, { baseUrlTemplate: 'http://{subdomain}.localhost:3000' });
    expect(profile.locations.map((location) => [location.name, location.requires])).to.deep.equal([
      ['Toronto DC', { purchase_order_fields: ['expected_starts_at'], catalog_products: true }],
      // Neither setting: nothing to declare.
      ['Auckland DC', undefined],
      ['Vancouver DC', undefined],
    ]);
    const [acme] = demo.organizations;
    const strict = profileFor(
      {
        organizations: [
          {
            ...acme!,
            locations: acme!.locations.map((location) => ({
              ...location,
              settings: { required_po_fields: ['carrier_name', 'notes'], require_catalog_products: false },
            })),
          },
        ],
      },
      { baseUrlTemplate: 'https://{subdomain}.example.com' },
    );
    expect(strict.locations[0]!.requires).to.deep.equal({ purchase_order_fields: ['carrier_name', 'notes'] });
  });

  it('declares the custom fields with a value each accepts and one its rules refuse, leaving out keys defined twice', () => {
    const profile = profileFor(demo, { baseUrlTemplate: 'http://{subdomain}.localhost:3000' });
    expect(profile.custom_fields).to.deep.equal([
      {
        key: 'lot_code',
        applies_to: 'purchase_order_item',
        field_type: 'text',
        locations: ['Toronto DC', 'Auckland DC', 'Vancouver DC'],
        valid: 'LOT-A1',
        invalid: 'X'.repeat(21),
      },
      {
        key: 'priority',
        applies_to: 'purchase_order',
        field_type: 'select',
        locations: ['Toronto DC', 'Vancouver DC'],
        valid: 'low',
        invalid: 'not one of the options',
      },
      // Text without rules: anything is valid, so there is nothing to refuse.
      { key: 'customs_reference', applies_to: 'purchase_order', field_type: 'text', locations: [], valid: 'LOT-A1' },
      {
        key: 'handling',
        applies_to: 'purchase_order',
        field_type: 'json',
        locations: ['Toronto DC'],
        valid: { grade: 'A' },
        invalid: 'plain text',
      },
    ]);
  });

  it('gives each location without a user admin everywhere the token of a user who is admin there', () => {
    const [acme] = demo.organizations;
    const users: UserFixture[] = [
      { name: 'east', token: 'east-token', roles: { 'Toronto DC': 'admin', 'Vancouver DC': 'read_only' } },
      { name: 'south', token: 'south-token', roles: { 'Auckland DC': 'admin' } },
    ];
    const profile = profileFor(
      { organizations: [{ ...acme!, users }] },
      { baseUrlTemplate: 'https://{subdomain}.example.com' },
    );
    expect(profile.tokens.admin).to.deep.equal({ token: 'east-token' });
    expect(profile.locations.map((location) => [location.name, location.token])).to.deep.equal([
      ['Toronto DC', undefined],
      ['Auckland DC', { token: 'south-token' }],
    ]);
    // Vancouver has no admin at all, so the suite cannot work there; east is read-only there.
    expect(profile.tokens.read_only).to.equal(undefined);
    expect(profile.tokens.no_access).to.deep.equal({ token: 'south-token', location: 'Toronto DC' });
  });

  it('says which checks skip for each role it could not find, and why', () => {
    const [acme] = demo.organizations;
    const profile = profileFor(
      { organizations: [{ ...acme!, users: acme!.users!.filter((user) => user.name === 'admin') }] },
      { baseUrlTemplate: 'https://{subdomain}.example.com' },
    );
    expect(profile.skipped!.map((entry) => entry.role)).to.deep.equal(['read_only', 'no_access', 'no_admin', 'unpaid']);
    const readOnly = profile.skipped![0]!;
    expect(readOnly.why).to.equal('no user of Acme Foods is read-only at a listed location and admin at another');
    expect(readOnly.checks).to.include('status-codes: read_only_write_forbidden: POST /products 403');
  });

  it('leaves out the roles a fixture has no user for', () => {
    const [acme] = demo.organizations;
    const profile = profileFor(
      { organizations: [{ ...acme!, users: acme!.users!.filter((user) => user.name === 'admin') }] },
      { baseUrlTemplate: 'https://{subdomain}.example.com' },
    );
    expect(Object.keys(profile.tokens)).to.deep.equal(['admin']);
  });

  it('refuses an organization without a paid location and an admin there, and a template without {subdomain}', () => {
    expect(() =>
      profileFor(demo, { baseUrlTemplate: 'http://{subdomain}.localhost', organization: 'globex' }),
    ).to.throw(ProfileChoiceError, 'paid location');
    expect(() => profileFor(demo, { baseUrlTemplate: 'http://localhost:3000' })).to.throw(
      ProfileChoiceError,
      '{subdomain}',
    );
    expect(() => profileFor(demo, { baseUrlTemplate: 'http://{subdomain}.localhost', organization: 'nope' })).to.throw(
      ProfileChoiceError,
      'nope',
    );
  });
});
