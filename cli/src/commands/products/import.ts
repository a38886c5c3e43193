// `whctl products import`: create or update products from CSV or NDJSON through the shared
// import engine. A product is found at its location by SKU, which is unique there
// (case-insensitively), or, for a row without one, by name; ids in the file are ignored, so a
// catalog exported from one deployment imports into another (DECISIONS 316).
import { paginate, type Schema, type WarehouseClient } from '@warehouse-kit/sdk';
import { UsageError } from '../../errors.js';
import { importCommand } from '../../import/command.js';
import { type FlatRecord, type FlatShape, flatWrites, parseFlat } from '../../import/flat.js';
import { named } from '../../import/match.js';
import type { Importer } from '../../import/run.js';

type Product = Schema<'Product'>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

const shape: FlatShape = {
  path: '/products',
  wrapper: 'product',
  columns: { name: 'text', sku: 'nullable', location_name: 'text' },
  answerFields: ['id', 'created_at', 'updated_at'],
  keyOf: ({ name, sku, location_name: location }) => {
    const at = (text(location) ?? '').toLowerCase();
    if (text(sku))
      return { key: [`${at}\nsku\n${text(sku)!.toLowerCase()}`, `sku ${text(sku)}`], label: text(name) ?? text(sku)! };
    if (text(name))
      return { key: [`${at}\nname\n${text(name)!.toLowerCase()}`, `name ${text(name)}`], label: text(name)! };
    throw new Error('a product needs a sku or a name to be found by');
  },
};

async function find(client: WarehouseClient, { fields }: FlatRecord): Promise<Product | undefined> {
  const location = text(fields.location_name);
  const at = location ? ` at ${location}` : '';
  const sku = text(fields.sku);
  const query = { location_name: location, ...(sku ? { sku } : { name: text(fields.name)! }), per_page: 100 };
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
    text(fields.name)!,
    `several products${at} are named ${text(fields.name)}; give them SKUs, which an import finds them by`,
  );
}

const products: Importer<FlatRecord> = {
  noun: 'products',
  labelColumn: 'name',
  parse: (input, delimiter) => parseFlat(shape, input, delimiter),
  writes: flatWrites(shape, find),
};

export const importProducts = importCommand(products, {
  description: 'create or update products by SKU (or name) at their location from a CSV or NDJSON file',
  file: 'CSV (one row per product, a header row first) or NDJSON (one product per line)',
  details: `
CSV columns: ${Object.keys(shape.columns).join(', ')}.
A product is found at its location_name by sku, or by name when its sku is empty; it is
updated when found, else created. A column present in the file is set (an empty sku clears it);
a column left out leaves that field as it is. A product never moves: location_name selects.`,
  examples: [
    'whctl products import products.csv',
    'whctl --profile staging products list --all -o csv | whctl --profile production products import - --format csv',
  ],
});
