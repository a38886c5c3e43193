import type { TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { Appointment } from '../src/entities/appointment.js';
import { Location } from '../src/entities/location.js';
import { idsAhead, rowIdOf } from './support/record-rows.js';

describe('companies', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const fullCompany = {
    name: 'Northern Haulage',
    company_type: 'carrier',
    company_number: 'NH-1',
    contact_name: 'Dana Dispatch',
    contact_email: 'dana@northern.example',
    contact_phone: '+1 416 555 0100',
    address_line1: '1 Yard Rd',
    address_line2: null,
    city: 'Toronto',
    region: 'ON',
    postal_code: 'M5V 1A1',
    country: 'CA',
    auto_approve_appointments: true,
    can_create_carriers: false,
  };

  it('creates a company with every field and renders its times in UTC', async () => {
    const res = await world.as('admin').post('/companies', { company: fullCompany });
    expect(res.status).to.equal(200);
    expect(res.body).to.include(fullCompany);
    expect(res.body.created_at).to.match(/Z$/);
  });

  it('defaults both company settings to false', async () => {
    const res = await world
      .as('admin')
      .post('/companies', { company: { name: 'Plain Customer', company_type: 'customer' } });
    expect(res.body).to.include({ auto_approve_appointments: false, can_create_carriers: false, company_number: null });
  });

  it('requires a name and a known type, and keeps names unique per type', async () => {
    const admin = world.as('admin');
    const missing = await admin.post('/companies', { company: { name: ' ' } });
    expect(missing.status).to.equal(422);
    expect(missing.body.errors).to.have.keys('company_type');
    const blank = await admin.post('/companies', { company: { name: ' ', company_type: 'carrier' } });
    expect(blank.body.errors).to.deep.equal({ name: ["can't be blank"] });
    const badType = await admin.post('/companies', { company: { name: 'X', company_type: 'shipper' } });
    expect(badType.status).to.equal(422);
    expect(badType.body.errors.company_type[0]).to.include('customer, carrier');
    const duplicate = await admin.post('/companies', { company: { name: 'fast freight', company_type: 'carrier' } });
    expect(duplicate.status).to.equal(422);
    expect(duplicate.body.errors.name[0]).to.include('taken');
    const otherType = await admin.post('/companies', { company: { name: 'Fast Freight', company_type: 'customer' } });
    expect(otherType.status).to.equal(200);
  });

  it('answers 422 naming the field for a malformed email or country and wrong types, like any other field', async () => {
    const admin = world.as('admin');
    const refusals: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ contact_email: 'not-an-email' }, { contact_email: ['must look like ops@acme.example'] }],
      [{ contact_email: 'ops @acme.example' }, { contact_email: ['must look like ops@acme.example'] }],
      [{ country: 'canada' }, { country: ['is too long (at most 2 characters)', 'must look like CA'] }],
      [{ auto_approve_appointments: 'yes' }, { auto_approve_appointments: ['must be true or false'] }],
      [{ company_type: 'shipper' }, { company_type: ['must be one of: customer, carrier'] }],
    ];
    for (const [fields, errors] of refusals) {
      const res = await admin.post('/companies', { company: { name: 'E', company_type: 'carrier', ...fields } });
      expect(res.status, JSON.stringify(fields)).to.equal(422);
      expect(res.body.errors).to.deep.equal(errors);
    }
  });

  it('accepts an email address on a host without dots, such as ops@localhost', async () => {
    const res = await world.as('admin').post('/companies', {
      company: { name: 'Local Ops', company_type: 'customer', contact_email: 'ops@localhost' },
    });
    expect(res.status).to.equal(200);
    expect(res.body.contact_email).to.equal('ops@localhost');
  });

  it('lists the organization-wide companies with filters and pagination', async () => {
    const admin = world.as('admin');
    const carriers = await admin.get('/companies', { company_type: 'carrier' });
    expect(carriers.status).to.equal(200);
    expect(carriers.body.every((c: { company_type: string }) => c.company_type === 'carrier')).to.equal(true);
    const byName = await admin.get('/companies', { name: 'fre' });
    expect(byName.body.map((c: { name: string }) => c.name)).to.deep.equal(['Fresh Market']);
    await admin.post('/companies', { company: { ...fullCompany, name: 'Numbered', company_number: 'NUM-7' } });
    const byNumber = await admin.get('/companies', { company_number: 'NUM-7' });
    expect(byNumber.body.map((c: { name: string }) => c.name)).to.deep.equal(['Numbered']);
    const page = await admin.get('/companies', { per_page: 1 });
    expect(page.body).to.have.length(1);
    expect(page.headers['total-pages']).to.equal(page.headers['total-count']);
  });

  it('applies the permissions of a location named in the request without narrowing the companies', async () => {
    const integration = world.as('integration');
    const all = await integration.get('/companies');
    const viaToronto = await integration.get('/companies', { location_name: 'Toronto DC' });
    expect(viaToronto.body).to.deep.equal(all.body);
    expect((await integration.get('/companies', { location_name: 'Auckland DC' })).status).to.equal(403);
    expect((await integration.get('/companies', { location_name: 'Nowhere' })).status).to.equal(404);
    const readOnlyWrite = await integration.post(
      '/companies',
      { company: { name: 'RO', company_type: 'carrier' } },
      { location_name: 'Vancouver DC' },
    );
    expect(readOnlyWrite.status).to.equal(403);
    const write = await integration.post(
      '/companies',
      { company: { name: 'RW', company_type: 'carrier' } },
      { location_name: 'Toronto DC' },
    );
    expect(write.status).to.equal(200);
  });

  it('serves companies on location interfaces, with that location applying its permissions', async () => {
    const res = await world.as('admin', 'auckland').get('/companies');
    expect(res.status).to.equal(200);
    expect(res.body.length).to.be.greaterThan(2);
  });

  it('updates a company for the whole organization, by PATCH and by PUT', async () => {
    const admin = world.as('admin');
    const created = (await admin.post('/companies', { company: { name: 'Renamed Co', company_type: 'customer' } }))
      .body;
    const patched = await admin.patch(`/companies/${created.id}`, { company: { city: 'Auckland' } });
    expect(patched.body).to.include({ name: 'Renamed Co', city: 'Auckland' });
    const put = await world
      .as('admin', 'toronto')
      .put(`/companies/${created.id}`, { company: { name: 'Renamed Again', city: null } });
    expect(put.status).to.equal(200);
    expect((await admin.get(`/companies/${created.id}`)).body).to.include({ name: 'Renamed Again', city: null });
  });

  it('answers 404 for an unknown id and for another organization company', async () => {
    // Ids count per organization (DECISIONS 440): the other one's company has an id this one has none of.
    const other = await createWorld(server);
    await idsAhead(other);
    const foreign = (
      await other.as('admin').post('/companies', { company: { name: 'Theirs', company_type: 'carrier' } })
    ).body.id;
    expect((await world.as('admin').get(`/companies/${foreign}`)).status).to.equal(404);
    expect((await world.as('admin').patch(`/companies/${foreign}`, { company: { name: 'Hijack' } })).status).to.equal(
      404,
    );
    expect((await world.as('admin').delete(`/companies/${foreign}`)).status).to.equal(404);
    expect((await other.as('admin').get(`/companies/${foreign}`)).body.name).to.equal('Theirs');
  });

  it('deletes a company with 204 and no body', async () => {
    const admin = world.as('admin');
    const created = (await admin.post('/companies', { company: { name: 'Short Lived', company_type: 'carrier' } }))
      .body;
    const res = await admin.delete(`/companies/${created.id}`);
    expect(res.status).to.equal(204);
    expect(res.body).to.equal(undefined);
    expect((await admin.get(`/companies/${created.id}`)).status).to.equal(404);
  });

  it('refuses to delete a company that appointments reference', async () => {
    const admin = world.as('admin');
    const carrier = (
      await admin.post('/companies', { company: { name: 'Referenced Carrier', company_type: 'carrier' } })
    ).body;
    const em = (await testOrm()).em.fork();
    const location = await em.findOneOrFail(Location, { subdomain: `${world.id}-toronto` });
    em.create(Appointment, {
      organizationId: location.organizationId,
      locationId: location.id,
      state: 'needs_booking',
      appointmentType: 'delivery',
      duration: 30,
      carrierId: await rowIdOf(world, 'companies', carrier.id),
      referenceNumbers: [],
    } as never);
    await em.flush();
    const res = await admin.delete(`/companies/${carrier.id}`);
    expect(res.status).to.equal(422);
    expect(res.body.errors.base[0]).to.include('1 appointment');
  });
});
