// The yardstick: a bare node:http + pg server that answers GET /products and
// GET /purchase_orders for the bench organization with only a page query and a count query,
// in roughly the full stack's JSON. It knows its organization and locations from start-up
// and does no authentication, rate limiting, validation or ORM work: the full stack's
// throughput over this one's is what all of that costs.
import { createServer, type Server } from 'node:http';
import pg from 'pg';

interface Scope {
  organizationId: number;
  locationIds: number[];
  locationNames: Map<number, string>;
}

const productPage = `
  select id, name, sku, location_id, created_at, updated_at from products
   where organization_id = $1 and location_id = any($2) order by id limit $3 offset $4`;
const productCount = 'select count(*)::int as total from products where organization_id = $1 and location_id = any($2)';

// The order's items (with their customers' names) come in the same statement as the page.
const orderPage = `
  select o.id, o.po_number, o.location_id, o.expected_starts_at, o.expected_ends_at, o.earliest_assignment_date,
         o.carrier_name, o.reference_numbers, o.notes, o.custom_values, o.created_at, o.updated_at,
         coalesce((select json_agg(json_build_object('id', i.id, 'product_name', i.product_name,
                     'quantity', i.quantity, 'customer_name', c.name, 'custom_values', i.custom_values,
                     'created_at', i.created_at, 'updated_at', i.updated_at) order by i.id)
                     from purchase_order_items i left join companies c on c.id = i.customer_id
                    where i.purchase_order_id = o.id), '[]') as items
    from purchase_orders o
   where o.organization_id = $1 and (o.location_id = any($2) or o.location_id is null)
   order by o.id limit $3 offset $4`;
const orderCount = `
  select count(*)::int as total from purchase_orders
   where organization_id = $1 and (location_id = any($2) or location_id is null)`;

type Row = Record<string, unknown>;

function renderProduct(row: Row, scope: Scope) {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    location_name: scope.locationNames.get(row.location_id as number) ?? null,
    created_at: (row.created_at as Date).toISOString(),
    updated_at: (row.updated_at as Date).toISOString(),
  };
}

function renderOrder(row: Row, scope: Scope) {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
  return {
    id: row.id,
    po_number: row.po_number,
    location_name: scope.locationNames.get(row.location_id as number) ?? null,
    expected_starts_at: iso(row.expected_starts_at),
    expected_ends_at: iso(row.expected_ends_at),
    earliest_assignment_date: iso(row.earliest_assignment_date),
    carrier_name: row.carrier_name,
    reference_numbers: row.reference_numbers,
    notes: row.notes,
    custom_values: row.custom_values,
    purchase_order_items: row.items,
    appointments: [],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

const routes: Record<string, { page: string; count: string; render: (row: Row, scope: Scope) => unknown }> = {
  '/api/v1/products': { page: productPage, count: productCount, render: renderProduct },
  '/api/v1/purchase_orders': { page: orderPage, count: orderCount, render: renderOrder },
};

export async function startBareServer(
  databaseUrl: string,
  organizationSubdomain: string,
  poolSize: number,
): Promise<{ port: number; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const { rows } = await pool.query(
    `select l.organization_id, l.id, l.name from locations l join organizations o on o.id = l.organization_id
      where o.subdomain = $1 order by l.name`,
    [organizationSubdomain],
  );
  const scope: Scope = {
    organizationId: rows[0].organization_id,
    locationIds: rows.map((row) => row.id),
    locationNames: new Map(rows.map((row) => [row.id, row.name])),
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bare');
    const route = routes[url.pathname];
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const perPage = Number(url.searchParams.get('per_page') ?? 25);
    const page = Number(url.searchParams.get('page') ?? 1);
    const parameters = [scope.organizationId, scope.locationIds];
    Promise.all([
      pool.query(route.page, [...parameters, perPage, (page - 1) * perPage]),
      pool.query(route.count, parameters),
    ]).then(
      ([pageRows, count]) => {
        const total = count.rows[0].total as number;
        res.writeHead(200, {
          'Content-Type': 'application/json; charset=utf-8',
          'Total-Count': String(total),
          'Total-Pages': String(Math.max(1, Math.ceil(total / perPage))),
        });
        res.end(JSON.stringify(pageRows.rows.map((row) => route.render(row, scope))));
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
