// A page of a catalog as plain rows (DECISIONS 264): one statement for the products and their
// total, kept (DECISIONS 102) when the list is unfiltered, counted through the filters' indexes
// otherwise. No query builder, no entities.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type Sql, sql } from '../sql/statements.js';
import { countedMatchesSql, countedTotalSql, listPage, type PageRequest } from './pagination.js';
import type { ProductFields } from './row-shapes.js';
import { narrowedSql, timeReader, type Versioned, versionedRows } from './sql.js';
import { escapeLike } from './text.js';

export interface ProductFilter {
  organizationId: number;
  locationIds: number[];
  /** A prefix of the name, any case. */
  name?: string;
  /** The SKU, any case. */
  sku?: string;
}

export interface ProductRow extends ProductFields {
  locationId: number;
}

interface RawRow {
  id: number;
  public_id: number;
  location_id: number;
  name: string;
  sku: string | null;
  created_at: string;
  updated_at: string;
  total?: string | number | null;
}

function productFilterSql(filter: ProductFilter): Sql {
  return narrowedSql(
    sql`p.organization_id = ${filter.organizationId} and p.location_id = any(${filter.locationIds}::int[])`,
    [
      filter.name ? sql`lower(p.name) like ${`${escapeLike(filter.name.toLowerCase())}%`}` : undefined,
      filter.sku ? sql`lower(p.sku) = ${filter.sku.toLowerCase()}` : undefined,
    ],
  );
}

export function productPage(
  em: EntityManager,
  filter: ProductFilter,
  request: PageRequest,
): Promise<{ rows: ProductRow[]; total: number }> {
  const list = {
    columns: 'p.id, p.public_id, p.location_id, p.name, p.sku, p.created_at, p.updated_at',
    table: 'products',
    alias: 'p',
    where: productFilterSql(filter),
  };
  const total =
    filter.name || filter.sku
      ? countedMatchesSql(list)
      : countedTotalSql({ table: 'products', organizationId: filter.organizationId, locationIds: filter.locationIds });
  const read = productReader(em);
  return listPage(em, list, total, request, (rows: RawRow[]) => rows.map(read));
}

/** Plain rows as the ORM would give them to entities. */
function productReader(em: EntityManager): (raw: RawRow) => ProductRow {
  const time = timeReader(em);
  return (raw) => ({
    id: raw.id,
    publicId: raw.public_id,
    locationId: raw.location_id,
    name: raw.name,
    sku: raw.sku,
    createdAt: time(raw.created_at),
    updatedAt: time(raw.updated_at),
  });
}

/** A product as a write reads or returns it, with its version. */
export type WrittenProduct = Versioned<ProductRow>;

/** What a write's statement on `products p` returns of a product, as `returning` or a select's columns. */
export const writtenProductColumns =
  'p.id, p.public_id, p.location_id, p.name, p.sku, p.created_at, p.updated_at, p.version';

/** Runs a write's statement that answers products' writtenProductColumns, and reads them. */
export function writtenProducts(em: EntityManager, statement: Sql): Promise<WrittenProduct[]> {
  return versionedRows(em, statement, productReader(em));
}
