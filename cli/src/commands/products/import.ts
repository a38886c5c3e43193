// `whctl products import`: create or update products from CSV or NDJSON through the shared
// import engine. A product is found at its location by SKU, which is unique there
// (case-insensitively), or, for a row without one, by name; ids in the file are ignored, so a
// catalog exported from one deployment imports into another (DECISIONS 316).
import { paginate, type Schema, type WarehouseClient } from '@warehouse-kit/sdk';
import { UsageError } from '../../errors.js';
import { importCommand } from '../../import/command.js';
import { type FlatRecord, type FlatShape, filled, flatImporter } from '../../import/flat.js';
import { named } from '../../import/match.js';

type Product = Schema<'Product'>;

const shape: FlatShape = {
  path: '/products',
  wrapper: 'product',
  columns: { name: 'text', sku: 'nullable', location_name: 'text' },
  answerFields: ['id', 'created_at', 'updated_at'],
  keyOf: ({ name, sku, location_name: location }) => {
    const at = (filled(location) ?? '').toLowerCase();
    if (filled(sku))
      return {
        key: [`${at}\nsku\n${filled(sku)!.toLowerCase()}`, `sku ${filled(sku)}`],
        label: filled(name) ?? filled(sku)!,
      };
    if (filled(name))
      return { key: [`${at}\nname\n${filled(name)!.toLowerCase()}`, `name ${filled(name)}`], label: filled(name)! };
    throw new Error('a product needs a sku or a name to be found by');
  },
};

async function find(client: WarehouseClient, { fields }: FlatRecord): Promise<Product | undefined> {
  const location = filled(fields.location_name);
  const at = location ? ` at ${location}` : '';
  const sku = filled(fields.sku);
  const query = { location_name: location, ...(sku ? { sku } : { name: filled(fields.name)! }), per_page: 100 };
  const found: Product[] = [];
  for await (const product of paginate(client, '/products', { params: { query } })) found.push(product);
  if (sku) {
    if (found.length > 1)
      throw new UsageError(
        `sku ${sku} is at ${found.map((product) => product.location_name).join(', ')}; add a location_name column`,
      );
    return found[0];
  }
  // A row whose sku cell is empty means a product without one.
  const candidates = 'sku' in fields ? found.filter((product) => !product.sku) : found;
  return named(
    candidates,
    filled(fields.name)!,
    `several products${at} are named ${filled(fields.name)}; give them SKUs, which an import finds them by`,
  );
}

export const importProducts = importCommand(flatImporter('products', shape, find), {
  description: 'create or update products by SKU (or name) at their location from a CSV or NDJSON file',
  file: 'CSV (one row per product, a header row first) or NDJSON (one product per line)',
  columns: Object.keys(shape.columns),
  details: `
A product is found at its location_name by sku, or by name when its sku is empty; it is
updated when found, else created. A column present in the file is set (an empty sku clears it);
a column left out leaves that field as it is. A product never moves: location_name selects.`,
  examples: [
    'whctl products import products.csv',
    'whctl --profile staging products list --all -o csv | whctl --profile production products import - --format csv',
    "whctl products import products.csv --query '[].[sku, action]'",
  ],
  // No quotes inside: the help prints the example between single quotes.
  queryExample: '[].[sku, action]',
});
