import { readFileSync } from 'node:fs';
import { standardOrganization, testOrm, uniqueId } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { Organization } from '../src/entities/organization.js';
import { DEMO_FIXTURE } from '../src/provision/demo.js';
import { type Fixture, FixtureError, parseFixture } from '../src/provision/fixture.js';
import { ProvisioningError, provision } from '../src/provision/provision.js';

const tenantTables = [
  'locations',
  'api_users',
  'location_roles',
  'docks',
  'companies',
  'products',
  'custom_field_definitions',
  'custom_field_locations',
  'product_limits',
  'product_limit_overrides',
  'purchase_orders',
  'purchase_order_items',
  'appointments',
  'packing_lists',
];

async function snapshot(subdomain: string): Promise<string> {
  const em = (await testOrm()).em.fork();
  const organization = await em.findOneOrFail(Organization, { subdomain });
  const rows: Record<string, unknown> = {
    organization: await em.getConnection().execute('select * from organizations where id = ?', [organization.id]),
  };
  for (const table of tenantTables) {
    rows[table] = await em
      .getConnection()
      .execute(`select * from ${table} where organization_id = ? order by 1, 2`, [organization.id]);
  }
  return JSON.stringify(rows);
}

function richFixture(id: string): Fixture {
  const organization = standardOrganization(id);
  organization.locations[0]!.settings = {
    require_catalog_products: true,
    required_po_fields: ['expected_starts_at'],
    allow_customer_creation: false,
  };
  organization.locations[0]!.product_limits = [
    {
      product: 'APL-001',
      quantity: 50,
      start_time: '08:00',
      end_time: '16:00',
      start_date: '2025-01-01',
      overrides: [{ date: '2025-12-24', quantity: 0 }],
    },
  ];
  organization.custom_fields = [
    {
      key: 'lot_code',
      applies_to: 'purchase_order_item',
      field_type: 'text',
      rules: { max_length: 10 },
      locations: ['Toronto DC'],
    },
    { key: 'customs_reference', applies_to: 'purchase_order', field_type: 'text' },
  ];
  organization.purchase_orders = [
    {
      po_number: 'PO-1',
      location_name: 'Toronto DC',
      expected_starts_at: '2026-01-15T08:00:00',
      purchase_order_items: [{ product_name: 'Apples', quantity: 5, custom_values: { lot_code: 'L1' } }],
    },
    { po_number: 'PO-2', custom_values: { customs_reference: 'C-1' } },
  ];
  organization.appointments = [
    {
      location_name: 'Toronto DC',
      reference_numbers: ['REF-1'],
      scheduled_at: '2026-01-15T08:00:00',
      carrier_name: 'Fast Freight',
      packing_lists: [{ po_number: 'PO-1', product_name: 'Apples', quantity: 5 }],
      state: 'completed',
    },
    {
      location_name: 'Toronto DC',
      reference_numbers: ['REF-2'],
      scheduled_at: '2026-01-16T08:00:00',
      carrier_name: 'Careful Carriers',
    },
  ];
  return { organizations: [organization] };
}

describe('provisioning', () => {
  it('creates everything the file describes and changes nothing when run again', async () => {
    const id = uniqueId('p');
    const fixture = richFixture(id);
    const em = (await testOrm()).em;
    await provision(em, fixture);
    const first = await snapshot(id);
    expect(first)
      .to.include('Toronto DC')
      .and.include('lot_code')
      .and.include('16:00:00')
      .and.include('PO-2')
      .and.include('REF-1');
    await provision(em, fixture);
    expect(await snapshot(id)).to.equal(first);
  });

  it('brings fixture appointments to their state through the lifecycle and leaves existing records alone', async () => {
    const id = uniqueId('p');
    const fixture = richFixture(id);
    const em = (await testOrm()).em;
    await provision(em, fixture);
    const states = await em
      .fork()
      .getConnection()
      .execute(
        `select a.reference_numbers[1] as ref, a.state
           from appointments a join organizations o on o.id = a.organization_id
          where o.subdomain = ? order by 1`,
        [id],
      );
    expect(states).to.deep.equal([
      { ref: 'REF-1', state: 'completed' },
      { ref: 'REF-2', state: 'pending' },
    ]);
    fixture.organizations[0]!.purchase_orders![0]!.carrier_name = 'Changed in the file';
    await provision(em, fixture);
    const carriers = await em
      .fork()
      .getConnection()
      .execute(
        `select carrier_name from purchase_orders p join organizations o on o.id = p.organization_id
          where o.subdomain = ? and po_number = 'PO-1'`,
        [id],
      );
    expect(carriers).to.deep.equal([{ carrier_name: null }]);
  });

  it('provisions the demo file shipped with the package, twice without change', async () => {
    const demo = parseFixture(readFileSync(DEMO_FIXTURE, 'utf8'), 'demo.yaml');
    const em = (await testOrm()).em;
    await provision(em, demo);
    const first = await snapshot('acme');
    await provision(em, demo);
    expect(await snapshot('acme')).to.equal(first);
  });

  it('updates settings, roles and tokens to match a changed file', async () => {
    const id = uniqueId('p');
    const fixture = richFixture(id);
    const em = (await testOrm()).em;
    await provision(em, fixture);
    const organization = fixture.organizations[0]!;
    organization.locations[1]!.paid = true;
    organization.users![1]!.roles = { 'Toronto DC': 'read_only' };
    organization.users![1]!.token = `${id}-rotated-token`;
    await provision(em, fixture);
    const rows = await em
      .fork()
      .getConnection()
      .execute(
        `select l.name, l.paid, r.role from locations l left join location_roles r on r.location_id = l.id
        and r.api_user_id = (select id from api_users
                              where name = 'integration' and organization_id = l.organization_id)
        where l.subdomain like ? order by l.name`,
        [`${id}-%`],
      );
    expect(rows).to.deep.equal([
      { name: 'Auckland DC', paid: true, role: null },
      { name: 'Toronto DC', paid: true, role: 'read_only' },
      { name: 'Vancouver DC', paid: true, role: null },
    ]);
  });

  it('reads the demo file shipped with the package', () => {
    const demo = parseFixture(readFileSync(DEMO_FIXTURE, 'utf8'), 'demo.yaml');
    const acme = demo.organizations[0]!;
    expect(acme.locations.map((l) => l.time_zone)).to.include.members([
      'America/Toronto',
      'America/Vancouver',
      'Pacific/Auckland',
    ]);
    const roles = new Set(acme.users!.flatMap((u) => Object.values(u.roles)));
    expect([...roles].sort()).to.deep.equal(['admin', 'read_only']);
  });

  describe('rejecting a bad file', () => {
    const problems = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return (error as Error).message;
      }
      return expect.fail('the file was accepted');
    };

    it('names the path of a schema problem', () => {
      const message = problems(() =>
        parseFixture('organizations:\n  - name: X\n    subdomain: Bad_Sub\n    locations: []\n', 'bad.yaml'),
      );
      expect(message)
        .to.include('bad.yaml')
        .and.include('organizations[0].subdomain')
        .and.include('organizations[0].locations');
    });

    it('says when the file is neither YAML nor JSON', () => {
      expect(() => parseFixture('organizations: [', 'broken.yaml')).to.throw(FixtureError, 'not YAML or JSON');
    });

    it('checks records against the API schemas, e.g. a company type', () => {
      const id = uniqueId('p');
      const text = JSON.stringify({
        organizations: [{ ...standardOrganization(id), companies: [{ name: 'X', company_type: 'shipper' }] }],
      });
      expect(problems(() => parseFixture(text))).to.include('companies[0].company_type');
    });

    it('rejects unknown time zones, roles at unknown locations and reused subdomains, writing nothing', async () => {
      const id = uniqueId('p');
      const organization = standardOrganization(id);
      organization.locations[0]!.time_zone = 'Mars/Olympus_Mons';
      organization.users![0]!.roles = { 'Atlantis DC': 'admin' };
      organization.locations[1]!.subdomain = id;
      const error = await provision((await testOrm()).em, { organizations: [organization] }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ProvisioningError);
      const message = (error as Error).message;
      expect(message).to.include('Mars/Olympus_Mons').and.include('Atlantis DC').and.include(`subdomain ${id}`);
      expect(await (await testOrm()).em.fork().count(Organization, { subdomain: id })).to.equal(0);
    });

    it('refuses to hand one token to two users', async () => {
      const first = standardOrganization(uniqueId('p'));
      const second = standardOrganization(uniqueId('p'));
      second.users![0]!.token = first.users![0]!.token;
      const em = (await testOrm()).em;
      await provision(em, { organizations: [first] });
      const error = await provision(em, { organizations: [second] }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ProvisioningError);
      expect((error as Error).message).to.include('already issued');
      expect(await em.fork().count(Organization, { subdomain: second.subdomain })).to.equal(0);
    });

    it('names a purchase order or appointment that the API rules refuse, writing nothing', async () => {
      const organization = standardOrganization(uniqueId('p'));
      organization.purchase_orders = [
        {
          po_number: 'PO-BAD',
          location_name: 'Toronto DC',
          purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: 'Nobody' }],
        },
      ];
      organization.locations[0]!.settings = { allow_customer_creation: false };
      const error = await provision((await testOrm()).em, { organizations: [organization] }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ProvisioningError);
      expect((error as Error).message)
        .to.include('purchase order PO-BAD')
        .and.include('customer_name');
      expect(await (await testOrm()).em.fork().count(Organization, { subdomain: organization.subdomain })).to.equal(0);

      const other = standardOrganization(uniqueId('p'));
      other.appointments = [{ location_name: 'Toronto DC', reference_numbers: ['X-1'], state: 'completed' }];
      const refused = await provision((await testOrm()).em, { organizations: [other] }).catch((e: unknown) => e);
      expect((refused as Error).message)
        .to.include('appointment X-1')
        .and.include('needs_booking');
    });

    it('refuses a custom field whose pattern is not a regular expression', async () => {
      const organization = standardOrganization(uniqueId('p'));
      organization.custom_fields = [
        { key: 'lot_code', applies_to: 'purchase_order', field_type: 'text', rules: { pattern: '([A-Z' } },
      ];
      const error = await provision((await testOrm()).em, { organizations: [organization] }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ProvisioningError);
      expect((error as Error).message)
        .to.include('lot_code')
        .and.include('regular expression');
    });

    it('refuses a product limit for a product the location does not carry', async () => {
      const organization = standardOrganization(uniqueId('p'));
      organization.locations[2]!.product_limits = [
        { product: 'Durian', quantity: 1, start_time: '08:00', end_time: '09:00', start_date: '2025-01-01' },
      ];
      const error = await provision((await testOrm()).em, { organizations: [organization] }).catch((e: unknown) => e);
      expect((error as Error).message).to.include('Durian');
    });
  });
});
