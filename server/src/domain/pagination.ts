// Page-based pagination (section 8): page and per_page in, the five headers out.
import type { EntityName, FilterQuery, QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

/** `page` and `per_page` have been validated and defaulted from the spec already. */
export function pageRequest(query: { page?: number; per_page?: number }): PageRequest {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * Sets Current-Page, Page-Items, Total-Pages, Total-Count and Link. Link URLs repeat the
 * caller's own query string with another page, so a location filter appears only when the
 * caller supplied one.
 */
export function setPaginationHeaders(ctx: ParameterizedContext, request: PageRequest, totalCount: number): void {
  const totalPages = Math.max(1, Math.ceil(totalCount / request.perPage));
  const link = (rel: string, page: number) => {
    const params = new URLSearchParams(ctx.querystring);
    params.set('page', String(page));
    // rel is quoted as the reference writes it (`rel="next"`), which naive clients match on;
    // http-link-header would leave it bare.
    return `<${ctx.protocol}://${ctx.host}${ctx.path}?${params.toString()}>; rel="${rel}"`;
  };
  const links = [link('first', 1)];
  if (request.page > 1) links.push(link('prev', Math.min(request.page - 1, totalPages)));
  if (request.page < totalPages) links.push(link('next', request.page + 1));
  links.push(link('last', totalPages));

  ctx.set('Current-Page', String(request.page));
  ctx.set('Page-Items', String(request.perPage));
  ctx.set('Total-Pages', String(totalPages));
  ctx.set('Total-Count', String(totalCount));
  ctx.set('Link', links.join(', '));
}

/**
 * One page of `entity` matching `where`, ordered by id (stable while records are added;
 * DECISIONS 17), with the pagination headers set: the page's rows plus one count query.
 */
export async function findPage<T extends { id: number }>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  query: { page?: number; per_page?: number },
  ctx: ParameterizedContext,
): Promise<T[]> {
  const page = pageRequest(query);
  const [records, total] = await em.findAndCount(entity, where, { orderBy: { id: 'asc' } as QueryOrderMap<T>, limit: page.perPage, offset: page.offset });
  setPaginationHeaders(ctx, page, total);
  return records as T[];
}
