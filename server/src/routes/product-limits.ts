// Product limits (section 4.7): read-only, one page of enabled limits with each requested
// local date expanded.
import { pageRequest } from '../domain/pagination.js';
import { findLimitPage } from '../domain/product-limits/find.js';
import { checkWindowQuery, type DateWindow, windowAt } from '../domain/product-limits/window.js';
import type { Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { renderProductLimit } from '../render/product-limit.js';

export const productLimitHandlers: Pick<Handlers, 'listProductLimits'> = {
  async listProductLimits({ em, access, query, ctx }) {
    checkWindowQuery(query);
    const now = new Date();
    const windows = new Map<number, DateWindow>();
    for (const locationId of access.listScope(query.location_name)) {
      const window = windowAt(access.locationById(locationId).timeZone, query, now);
      if (window) windows.set(locationId, window);
    }
    const page = pageRequest(query);
    const found = await findLimitPage(em, access.organization.id, windows, query.product_name, page);
    setPaginationHeaders(ctx, page, found.total);
    return {
      product_limits: found.limits.map((limit) =>
        renderProductLimit(
          limit,
          access.locationById(limit.locationId),
          found.products.get(limit.productId)!,
          found.overrides.get(limit.id) ?? new Map(),
          windows.get(limit.locationId)!,
        ),
      ),
    };
  },
};
