// Loading one page of enabled limits whose date range meets each warehouse's window, then
// their overrides and products in one query each.
import { type FilterQuery, sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Product } from '../../entities/product.js';
import { ProductLimit, ProductLimitOverride } from '../../entities/product-limit.js';
import type { PageRequest } from '../pagination.js';
import type { DateWindow } from './window.js';

export interface LimitPage {
  limits: ProductLimit[];
  total: number;
  products: Map<number, Product>;
  /** By limit id, then by date; only dates inside the limit's window and date range. */
  overrides: Map<number, Map<string, ProductLimitOverride>>;
}

const emptyPage: LimitPage = { limits: [], total: 0, products: new Map(), overrides: new Map() };

/** Products of the scoped warehouses with this name (case-insensitive, exact). */
async function productsNamed(em: EntityManager, locationIds: number[], name: string): Promise<number[]> {
  const products = await em.find(Product, {
    locationId: { $in: locationIds },
    [sql.lower('name')]: name.trim().toLowerCase(),
  });
  return products.map((product) => product.id);
}

export async function findLimitPage(
  em: EntityManager,
  organizationId: number,
  windows: Map<number, DateWindow>,
  productName: string | undefined,
  page: PageRequest,
): Promise<LimitPage> {
  if (windows.size === 0) return emptyPage;
  const productIds = productName === undefined ? undefined : await productsNamed(em, [...windows.keys()], productName);
  if (productIds?.length === 0) return emptyPage;

  const where: FilterQuery<ProductLimit> = {
    organizationId,
    enabled: true,
    ...(productIds ? { productId: { $in: productIds } } : {}),
    $or: [...windows].map(([locationId, window]) => ({
      locationId,
      startDate: { $lte: window.end },
      $or: [{ endDate: null }, { endDate: { $gte: window.start } }],
    })),
  };
  const [limits, total] = await em.findAndCount(ProductLimit, where, {
    // By the ids the API shows (DECISIONS 17, 440).
    orderBy: { publicId: 'asc' },
    limit: page.perPage,
    offset: page.offset,
  });
  if (limits.length === 0) return { ...emptyPage, total };

  const windowOf = (limit: ProductLimit) => windows.get(limit.locationId)!;
  const earliest = limits.map((limit) => windowOf(limit).start).sort()[0]!;
  const latest = limits
    .map((limit) => windowOf(limit).end)
    .sort()
    .at(-1)!;
  const overrides = await em.find(ProductLimitOverride, {
    productLimitId: { $in: limits.map((limit) => limit.id) },
    date: { $gte: earliest, $lte: latest },
  });
  const products = await em.find(Product, { id: { $in: [...new Set(limits.map((limit) => limit.productId))] } });

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
