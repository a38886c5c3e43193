// The upgrade to ids per organization (DECISIONS 440): a database with records of two
// organizations, written before migration 20261207100000, keeps every id it showed, and each
// organization's next ids of a table continue above its own largest, not above the other's.
import { expect } from 'chai';
import { recordTables } from '../src/db/migrations/Migration20261207100000_organization_ids.js';
import { migrate } from '../src/db/orm.js';
import { createUnmigratedDatabase, type UnmigratedDatabase } from './support/unmigrated-database.js';

/** The migration before ids per organization. */
const BEFORE = 'Migration20261202100000_location_statistics';

describe('the upgrade to ids per organization', () => {
  let database: UnmigratedDatabase;
  const sql = <T>(statement: string, values: unknown[] = []) =>
    database.orm.em.getConnection().execute<T[]>(statement, values as never[]);

  /** A record of each table of `organization`, as the server before the upgrade wrote them; answers the organization's id. */
  async function organizationWithRecords(name: string): Promise<number> {
    const [organization] = await sql<{ id: number }>(
      'insert into organizations (name, subdomain) values (?, ?) returning id',
      [name, name.toLowerCase()],
    );
    const id = organization!.id;
    await sql(
      `with location as (
          insert into locations (organization_id, name, subdomain, time_zone) values (?, 'DC', ?, 'UTC') returning id),
        product as (
          insert into products (organization_id, location_id, name) select ?, id, 'Apples' from location returning id),
        company as (insert into companies (organization_id, name, company_type) values (?, 'Carrier', 'carrier')),
        purchase_order as (
          insert into purchase_orders (organization_id, location_id, po_number) select ?, id, 'PO-1' from location
          returning id),
        item as (
          insert into purchase_order_items (organization_id, purchase_order_id, product_name, quantity)
          select ?, id, 'Apples', 1 from purchase_order),
        appointment as (
          insert into appointments (organization_id, location_id, state) select ?, id, 'needs_booking' from location
          returning id),
        packing_list as (
          insert into packing_lists (organization_id, appointment_id, product_name, quantity)
          select ?, id, 'Apples', 1 from appointment),
        product_limit as (
          insert into product_limits (organization_id, location_id, product_id, quantity, start_time, end_time, start_date)
          select ?, location.id, product.id, 10, '08:00', '16:00', '2030-01-01' from location, product),
        endpoint as (
          insert into webhook_endpoints (organization_id, url, types, secret, start_txid)
          values (?, 'https://example.com/hook', '{*}', '', pg_current_xact_id()) returning id)
      insert into webhook_deliveries (organization_id, endpoint_id, event_id, event_type, reason)
        select ?, id, 1, 'product.created', 'event' from endpoint`,
      [id, `${name.toLowerCase()}-dc`, ...Array(9).fill(id)],
    );
    return id;
  }

  /** Every row's id and what the API shows of it, by table, for the organization. */
  const idsOf = async (organizationId: number, column: 'id' | 'public_id') => {
    const ids: Record<string, number[]> = {};
    for (const table of recordTables) {
      const rows = await sql<{ id: string }>(
        `select ${column} as id from ${table} where organization_id = ? order by id`,
        [organizationId],
      );
      ids[table] = rows.map((row) => Number(row.id));
    }
    return ids;
  };

  before(async () => {
    database = await createUnmigratedDatabase();
    await database.orm.getMigrator().up({ to: BEFORE });
  });
  after(() => database.drop());

  it("keeps every id the records showed, and numbers each organization's new records above its own", async () => {
    // Interleaved, as two organizations wrote on the shared sequences.
    const a = await organizationWithRecords('Upgrade-A');
    const b = await organizationWithRecords('Upgrade-B');
    await organizationWithRecords('Upgrade-C');
    await sql(
      `insert into products (organization_id, location_id, name) select ?, id, 'Pears' from locations
      where organization_id = ?`,
      [a, a],
    );
    const before = { a: await idsOf(a, 'id'), b: await idsOf(b, 'id') };
    const [versions] = await sql<{ versions: string }>('select sum(version) as versions from products');

    await migrate(database.orm);

    expect(await idsOf(a, 'public_id')).to.deep.equal(before.a);
    expect(await idsOf(b, 'public_id')).to.deep.equal(before.b);
    // Showing an id is no change of a record: versions (and ETags) stay as they were.
    const [after] = await sql<{ versions: string }>('select sum(version) as versions from products');
    expect(after!.versions).to.equal(versions!.versions);

    const largest = (ids: Record<string, number[]>) => Math.max(...ids.companies!);
    let written = 0;
    const next = async (organizationId: number) => {
      const [row] = await sql<{ public_id: number }>(
        `insert into companies (organization_id, name, company_type) values (?, ?, 'customer') returning public_id`,
        [organizationId, `New ${++written}`],
      );
      return row!.public_id;
    };
    expect(await next(b), 'B, whose records came before C and the last of A').to.equal(largest(before.b) + 1);
    expect(await next(a)).to.equal(largest(before.a) + 1);
    expect(await next(a)).to.equal(largest(before.a) + 2);
    expect(await next(b)).to.equal(largest(before.b) + 2);

    // An organization made after the upgrade numbers from 1.
    const [fresh] = await sql<{ id: number }>(
      "insert into organizations (name, subdomain) values ('Fresh', 'upgrade-fresh') returning id",
    );
    expect(await next(fresh!.id)).to.equal(1);
  });

  it('goes down and up again', async () => {
    await database.orm.getMigrator().down({ to: BEFORE });
    const [column] = await sql<{ count: string }>(
      "select count(*) from information_schema.columns where column_name = 'public_id'",
    );
    expect(Number(column!.count)).to.equal(0);
    await migrate(database.orm);
    const [sequences] = await sql<{ count: string }>(
      "select count(*) from pg_class where relkind = 'S' and relname ~ '_ids_[0-9]+$'",
    );
    const [organizations] = await sql<{ count: string }>('select count(*) from organizations');
    expect(Number(sequences!.count)).to.equal(Number(organizations!.count) * recordTables.length);
  });
});
