// The pagination headers of a list response (section 8): Current-Page, Page-Items,
// Total-Pages, Total-Count and Link.
import type { ParameterizedContext } from 'koa';
import { type PageRequest, pageLinks } from '../domain/pagination.js';

/**
 * Link URLs repeat the caller's own query string with another page, so a location filter
 * appears only when the caller supplied one.
 */
export function setPaginationHeaders(ctx: ParameterizedContext, request: PageRequest, totalCount: number): void {
  const { totalPages, links } = pageLinks(request, totalCount);
  // Read once per response: setting `page` again changes only its value, never the order.
  const params = new URLSearchParams(ctx.querystring);
  const base = `${ctx.protocol}://${ctx.host}${ctx.path}?`;
  const url = (page: number) => {
    params.set('page', String(page));
    return base + params.toString();
  };
  ctx.set('Current-Page', String(request.page));
  ctx.set('Page-Items', String(request.perPage));
  ctx.set('Total-Pages', String(totalPages));
  ctx.set('Total-Count', String(totalCount));
  // rel is quoted as the reference writes it (`rel="next"`), which naive clients match on;
  // http-link-header would leave it bare.
  ctx.set('Link', links.map(({ rel, page }) => `<${url(page)}>; rel="${rel}"`).join(', '));
}
