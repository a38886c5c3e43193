import { startWorld, type TestServer, type UserKey, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { parse as parseCsv } from 'csv-parse/sync';
import { json, whctl } from './support/whctl.js';

describe('whctl against the reference server', () => {
  let server: TestServer;
  let world: World;
  before(async () => ({ server, world } = await startWorld({ baseHost: 'localhost' })));
  after(() => server.close());

  const orgUrl = () => world.url();
  const as = (user: UserKey, args: string[], env: Record<string, string> = {}) =>
    whctl(args, { env: { WHCTL_BASE_URL: orgUrl(), WHCTL_TOKEN: world.token(user), ...env } });

  it('lists only the locations the token can access, with their time zones', async () => {
    const run = await as('integration', ['locations', 'list']);
    expect(run.code, run.stderr).to.equal(0);
    expect(json(run)).to.deep.equal([
      { name: 'Toronto DC', url: `${world.id}-toronto`, time_zone: 'America/Toronto' },
      { name: 'Vancouver DC', url: `${world.id}-vancouver`, time_zone: 'America/Vancouver' },
    ]);
  });

  it('creates, finds, updates and deletes a product, selecting its location case-insensitively', async () => {
    const created = await as('admin', [
      'products',
      'create',
      '--location',
      ' toronto dc ',
      '--name',
      'Figs',
      '--sku',
      'FIG-001',
    ]);
    expect(created.code, created.stderr).to.equal(0);
    const { id, location_name: location } = json(created);
    expect(location).to.equal('Toronto DC');

    const found = await as('admin', ['products', 'list', '--sku', 'fig-001', '-o', 'ndjson']);
    expect(
      found.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).to.deep.equal([id]);

    const updated = await as('admin', ['products', 'update', String(id), '--name', 'Dried figs']);
    expect(json(updated)).to.include({ id, name: 'Dried figs', sku: 'FIG-001' });

    const elsewhere = await as('admin', ['products', 'get', String(id), '--location', 'Vancouver DC']);
    expect(elsewhere.code).to.equal(4);
    expect(elsewhere.stderr).to.match(/^whctl: 404 Not Found: /);

    const deleted = await as('admin', ['products', 'delete', String(id)]);
    expect(deleted.code, deleted.stderr).to.equal(0);
    expect(deleted.stderr).to.equal(`deleted product ${id}\n`);
    expect((await as('admin', ['products', 'get', String(id)])).code).to.equal(4);
  });

  it("refuses a duplicate SKU with exit 5 and the API's field message", async () => {
    const run = await as('admin', [
      'products',
      'create',
      '--location',
      'Toronto DC',
      '--name',
      'More apples',
      '--sku',
      'apl-001',
    ]);
    expect(run.code).to.equal(5);
    expect(run.stderr).to.match(/^whctl: 422 Unprocessable Entity: sku /);
  });

  it('refuses a change at a location where the token is read-only with exit 3', async () => {
    const run = await as('integration', [
      'products',
      'create',
      '--location',
      'Vancouver DC',
      '--name',
      'Pears',
      '--sku',
      'PEA-001',
    ]);
    expect(run.code).to.equal(3);
    expect(run.stderr).to.match(/^whctl: 403 Forbidden: /);
  });

  it('refuses an unknown token with exit 3', async () => {
    const run = await whctl(['locations', 'list'], { env: { WHCTL_BASE_URL: orgUrl(), WHCTL_TOKEN: 'not-a-token' } });
    expect(run.code).to.equal(3);
    expect(run.stderr).to.match(/^whctl: 401 Unauthorized: /);
  });

  it('works on a location interface given with --location-url, where the address is the location', async () => {
    const locationUrl = (location: 'toronto' | 'vancouver') => `http://${world.host(location)}:${server.port}`;
    const run = await as('admin', [
      '--location-url',
      locationUrl('toronto'),
      'products',
      'list',
      '--columns',
      'name,sku,location_name',
      '-o',
      'csv',
    ]);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal('name,sku,location_name\nApples,APL-001,Toronto DC\nBananas,BAN-001,Toronto DC\n');
    // Vancouver is unpaid: its own interface is refused, though the organization interface serves it.
    const unpaid = await as('admin', ['--location-url', locationUrl('vancouver'), 'products', 'list']);
    expect(unpaid.code).to.equal(3);
    expect(unpaid.stderr).to.match(/^whctl: 402 Payment Required: /);
  });

  it("exports every page of a list as CSV with --all, following the server's Link headers", async () => {
    const run = await as('admin', [
      'products',
      'list',
      '--all',
      '--per-page',
      '1',
      '-o',
      'csv',
      '--columns',
      'id,name,location_name',
    ]);
    expect(run.code, run.stderr).to.equal(0);
    const rows = parseCsv(run.stdout) as string[][];
    expect(rows[0]).to.deep.equal(['id', 'name', 'location_name']);
    expect(rows.slice(1).map((row) => `${row[1]} @ ${row[2]}`)).to.have.members([
      'Apples @ Toronto DC',
      'Bananas @ Toronto DC',
      'Apples @ Vancouver DC',
    ]);
  });

  it('manages companies: create, filter by type, update and delete', async () => {
    const created = await as('admin', [
      'companies',
      'create',
      '--name',
      'Slow Trucks',
      '--type',
      'carrier',
      '--number',
      'CAR-900',
      '--no-auto-approve',
    ]);
    expect(created.code, created.stderr).to.equal(0);
    const { id } = json(created);
    expect(json(created)).to.include({
      company_type: 'carrier',
      company_number: 'CAR-900',
      auto_approve_appointments: false,
    });

    const carriers = await as('admin', ['companies', 'list', '--type', 'carrier', '--all']);
    expect(json(carriers).map((company: { name: string }) => company.name)).to.have.members([
      'Fast Freight',
      'Careful Carriers',
      'Slow Trucks',
    ]);

    const updated = await as('admin', [
      'companies',
      'update',
      String(id),
      '--auto-approve',
      '--contact-email',
      'dispatch@slow.example',
    ]);
    expect(json(updated)).to.include({ auto_approve_appointments: true, contact_email: 'dispatch@slow.example' });

    const duplicate = await as('admin', ['companies', 'create', '--name', 'slow trucks', '--type', 'carrier']);
    expect(duplicate.code).to.equal(5);

    expect((await as('admin', ['companies', 'delete', String(id), '-q'])).code).to.equal(0);
    expect((await as('admin', ['companies', 'get', String(id)])).code).to.equal(4);
  });

  it('sends raw requests with whctl api, through the same client and errors', async () => {
    const run = await as('admin', ['api', '/products', '-X', 'GET', '-f', 'sku=BAN-001', '--include']);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout)
      .to.match(/^HTTP 200 OK\n/)
      .and.match(/\ntotal-count: 1\n/)
      .and.include('"name": "Bananas"');
  });
});
