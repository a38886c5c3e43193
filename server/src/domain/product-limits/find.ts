// Loading one page of enabled limits whose date range meets each warehouse's window, with how
// many match as a column of the page (DECISIONS 103), then their overrides and their products'
// names in one statement each.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product } from '../../entities/product.js';
import type { ProductLimit, ProductLimitOverride } from '../../entities/product-limit.js';
import { join, rows, sql } from '../../sql/statements.js';
import { countedMatchesSql, listPage, type PageRequest } from '../pagination.js';
import { timeReader } from '../sql.js';
import type { DateWindow } from './window.js';

export interface LimitPage {
  limits: ProductLimit[];
  total: number;
  products: Map<number, Pick<Product, 'name'>>;
  /** By limit id, then by date; only dates inside the limit's window and date range. */
  overrides: Map<number, Map<string, ProductLimitOverride>>;
}

const emptyPage: LimitPage = { limits: [], total: 0, products: new Map(), overrides: new Map() };

/** Columns named as the entity's properties; dates and times as PostgreSQL's text (`YYYY-MM-DD`, `HH:MM:SS`). */
const limitColumns = `l.id, l.public_id as "publicId", l.organization_id as "organizationId", l.location_id as "locationId",
  l.product_id as "productId", l.quantity, l.start_time as "startTime", l.end_time as "endTime",
  l.days_of_week as "daysOfWeek", l.start_date as "startDate", l.end_date as "endDate", l.enabled,
  l.created_at as "createdAt", l.updated_at as "updatedAt"`;

type RawLimit = Omit<ProductLimit, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
  total?: string | number | null;
};

export async function findLimitPage(
  em: EntityManager,
  organizationId: number,
  windows: Map<number, DateWindow>,
  productName: string | undefined,
  page: PageRequest,
): Promise<LimitPage> {
  if (windows.size === 0) return emptyPage;
  const named =
    productName === undefined
      ? sql`true`
      : sql`l.product_id in (select p.id from products p where p.organization_id = ${organizationId}
          and p.location_id = any(${[...windows.keys()]}::int[]) and lower(p.name) = ${productName.trim().toLowerCase()})`;
  const inWindow = [...windows].map(
    ([locationId, window]) =>
      sql`(l.location_id = ${locationId} and l.start_date <= ${window.end}::date
        and (l.end_date is null or l.end_date >= ${window.start}::date))`,
  );
  const where = sql`l.organization_id = ${organizationId} and l.enabled and ${named} and (${join(inWindow, ' or ')})`;
  const list = { columns: limitColumns, table: 'product_limits', alias: 'l', where };
  const time = timeReader(em);
  const { rows: limits, total } = await listPage(em, list, countedMatchesSql(list), page, (found: RawLimit[]) =>
    found.map(
      ({ total: _total, ...limit }) =>
        ({ ...limit, createdAt: time(limit.createdAt), updatedAt: time(limit.updatedAt) }) as ProductLimit,
    ),
  );
  if (limits.length === 0) return { ...emptyPage, total };

  const windowOf = (limit: ProductLimit) => windows.get(limit.locationId)!;
  const earliest = limits.map((limit) => windowOf(limit).start).sort()[0]!;
  const latest = limits
    .map((limit) => windowOf(limit).end)
    .sort()
    .at(-1)!;
  const overrides = await rows<ProductLimitOverride>(
    em,
    sql`select id, organization_id as "organizationId", product_limit_id as "productLimitId", date, quantity,
        start_time as "startTime", end_time as "endTime"
      from product_limit_overrides
      where organization_id = ${organizationId} and product_limit_id = any(${limits.map((limit) => limit.id)}::int[])
        and date between ${earliest}::date and ${latest}::date`,
  );
  const productIds = [...new Set(limits.map((limit) => limit.productId))];
  const products = await rows<{ id: number; name: string }>(
    em,
    sql`select id, name from products where organization_id = ${organizationId} and id = any(${productIds}::int[])`,
  );

  const limitsById = new Map(limits.map((limit) => [limit.id, limit]));
  const byLimit = new Map<number, Map<string, ProductLimitOverride>>();
  for (const override of overrides) {
    const limit = limitsById.get(override.productLimitId)!;
    const window = windowOf(limit);
    // An override counts only where the limit itself runs: inside the window and its own date range.
    if (override.date < window.start || override.date > window.end) continue;
    if (override.date < limit.startDate || (limit.endDate && override.date > limit.endDate)) continue;
    if (!byLimit.has(override.productLimitId)) byLimit.set(override.productLimitId, new Map());
    byLimit.get(override.productLimitId)!.set(override.date, override);
  }
  return { limits, total, products: new Map(products.map((product) => [product.id, product])), overrides: byLimit };
}
