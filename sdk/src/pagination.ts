import type { paths } from '@warehouse-kit/spec';
import type { Client, MaybeOptionalInit } from 'openapi-fetch';
import { toApiError } from './errors.js';
import { type Pagination, readPagination } from './headers.js';
import { requestOf } from './middleware/remember-request.js';

type GetPath = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];
type Query<P extends GetPath> = NonNullable<paths[P]['get']['parameters']['query']>;
type ListBody<P extends GetPath> = paths[P]['get']['responses'][200]['content']['application/json'];

/** The list paths paginated with `page` and `Link`. */
export type PagePath = { [P in GetPath]: 'page' extends keyof Query<P> ? P : never }[GetPath];
/** The list paths paginated with `limit` and `offset`. */
export type OffsetPath = { [P in GetPath]: 'offset' extends keyof Query<P> ? P : never }[GetPath];
/** The record type of a list: the array items, or the items of its one wrapped array (`product_limits`). */
export type ListRecord<P extends GetPath> =
  ListBody<P> extends readonly (infer R)[] ? R : ListBody<P> extends Record<string, readonly (infer R)[]> ? R : never;
export type ListInit<P extends GetPath> = MaybeOptionalInit<paths[P], 'get'>;
// The options argument may be left out exactly when client.GET allows it for that path.
type InitArgs<P extends GetPath> = undefined extends ListInit<P> ? [init?: ListInit<P>] : [init: ListInit<P>];

export interface Page<P extends PagePath> {
  records: ListRecord<P>[];
  pagination: Pagination;
  response: Response;
}

export class PaginationError extends Error {
  override name = 'PaginationError';
}

type Result = { data?: unknown; error?: unknown; response: Response };
// The typed overloads of `client.GET` cannot be called with a generic path; the public
// signatures above carry the types instead.
type LooseGet = (path: string, init?: Record<string, unknown>) => Promise<Result>;

function recordsOf(data: unknown, path: string): unknown[] {
  if (Array.isArray(data)) return data;
  const arrays = data && typeof data === 'object' ? Object.values(data).filter(Array.isArray) : [];
  if (arrays.length === 1) return arrays[0] as unknown[];
  throw new PaginationError(`${path} did not answer a list: expected an array or an object holding one array`);
}

async function getList(
  client: Client<paths>,
  path: string,
  init: Record<string, unknown>,
): Promise<Result & { data: unknown }> {
  const result = await (client.GET as unknown as LooseGet)(path, init);
  if (!result.response.ok) throw toApiError(result);
  return result as Result & { data: unknown };
}

/** The list's path with its path parameters filled in, as openapi-fetch sends them (`/webhook_endpoints/3/deliveries`). */
function concretePath(template: string, init: Record<string, unknown>): string {
  const values = (init.params as { path?: Record<string, unknown> } | undefined)?.path ?? {};
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    name in values ? encodeURIComponent(String(values[name])) : whole,
  );
}

/**
 * The request for the page a `Link rel="next"` names, sent through the same client (auth,
 * retries) and exactly to that URL. A link to another origin would carry the token there,
 * and one to another path is not a page of this list, so both are refused.
 */
function followInit(next: URL, previous: URL, template: string, init: Record<string, unknown>) {
  if (next.origin !== previous.origin) {
    throw new PaginationError(
      `Link rel="next" leaves ${previous.origin} for ${next.origin}; not following it with the token`,
    );
  }
  const path = concretePath(template, init);
  if (!next.pathname.endsWith(path)) {
    throw new PaginationError(`Link rel="next" ${next.href} is not a page of ${path}`);
  }
  if (next.href === previous.href) {
    throw new PaginationError(`Link rel="next" points back at the same page ${next.href}`);
  }
  const params = { ...(init.params as object | undefined), query: undefined };
  const baseUrl = next.origin + next.pathname.slice(0, next.pathname.length - path.length);
  return { ...init, params, baseUrl, querySerializer: () => next.search.slice(1) };
}

/**
 * Every page of a list, following `Link rel="next"` until a page has none; page numbers are
 * never guessed. Pages are fetched one at a time as the loop asks for them. A non-2xx answer
 * throws its typed error.
 */
export async function* pages<P extends PagePath>(
  client: Client<paths>,
  path: P,
  ...[init]: InitArgs<P>
): AsyncGenerator<Page<P>, void, undefined> {
  let request: Record<string, unknown> = { ...init };
  for (;;) {
    const { data, response } = await getList(client, path, request);
    const pagination = readPagination(response);
    yield { records: recordsOf(data, path) as ListRecord<P>[], pagination, response };
    const next = pagination.links.next;
    if (!next) return;
    const url = requestOf(response)?.url ?? response.url;
    if (!url) throw new PaginationError('cannot tell which URL answered; use a client made by createClient');
    request = followInit(next, new URL(url), path, request);
  }
}

/** Every record of a paginated list, one page in memory at a time. */
export async function* paginate<P extends PagePath>(
  client: Client<paths>,
  path: P,
  ...init: InitArgs<P>
): AsyncGenerator<ListRecord<P>, void, undefined> {
  for await (const page of pages(client, path, ...init)) yield* page.records;
}

/**
 * Every record of a `limit`/`offset` list (`/purchase_orders/with_booked_appointments`),
 * requesting `limit` records at a time (default 100) and stopping at the first shorter page.
 * Records inserted or deleted during the walk can shift the offsets; the list is ordered by
 * `id`, so new records only appear at the end.
 */
export async function* paginateOffset<P extends OffsetPath>(
  client: Client<paths>,
  path: P,
  ...[init]: InitArgs<P>
): AsyncGenerator<ListRecord<P>, void, undefined> {
  const params = (init as { params?: { query?: { limit?: number; offset?: number } } } | undefined)?.params;
  const limit = params?.query?.limit ?? 100;
  let offset = params?.query?.offset ?? 0;
  for (;;) {
    const query = { ...params?.query, limit, offset };
    const { data } = await getList(client, path, { ...init, params: { ...params, query } });
    const records = recordsOf(data, path) as ListRecord<P>[];
    yield* records;
    // An empty page ends the walk too, whatever `limit` the server accepted.
    if (records.length === 0 || records.length < limit) return;
    offset += records.length;
  }
}
