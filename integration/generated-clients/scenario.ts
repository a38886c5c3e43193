// What every program for a generated client does, through the client's own calls (each program
// gives them, typed by what its generator made, so that the client's types are compiled strict):
// two creates, the list, a filtered page with its pagination headers, a 422 and the feed, printed
// as JSON for integration/test/generated-clients.test.ts. integration/test/support/generators.ts
// copies it beside each program. `./settings` is written by the test.
import { location, prefix } from './settings.js';

/** A product to create, as the contract's create body holds it. */
export interface NewProduct {
  name: string;
  sku: string;
  location_name: string;
}

/** An answer's pagination headers, as the test compares them. */
export interface Pagination {
  totalCount: unknown;
  totalPages: unknown;
  currentPage: unknown;
}

/** The pagination headers of an answer, read by `header` (each client's own way to read one). */
export function paginationOf(header: (name: string) => unknown): Pagination {
  return { totalCount: header('Total-Count'), totalPages: header('Total-Pages'), currentPage: header('Current-Page') };
}

/** A filter of the products list. */
export interface ProductsQuery {
  location_name: string;
  name?: string;
  per_page?: number;
  page?: number;
}

/** The calls of one generated client. */
export interface Calls {
  /** The base URL the client takes from the spec, where it reads one. */
  defaultBaseUrl?: string;
  /** Creates the product; answers its id. */
  create(product: NewProduct): Promise<number>;
  /** The page's product names, and its pagination headers. */
  list(query: ProductsQuery): Promise<{ names: string[]; pagination: Pagination }>;
  /** Creates a product the server refuses; answers the status and the body's errors. */
  refused(product: NewProduct): Promise<{ status: number | undefined; errors: unknown }>;
  /** The names of the created products the feed shows, for `product.created` at `location`. */
  createdNames(location: string): Promise<string[]>;
}

export async function scenario(calls: Calls): Promise<void> {
  const product = (letter: string, sku = letter): NewProduct => ({
    name: `${prefix}-${letter}`,
    sku: `${prefix}-${sku}`,
    location_name: location,
  });
  const created: number[] = [];
  for (const letter of ['a', 'b']) created.push(await calls.create(product(letter)));
  const all = await calls.list({ location_name: location });
  const page = await calls.list({ location_name: location, name: prefix, per_page: 1, page: 2 });
  const result = {
    ...(calls.defaultBaseUrl === undefined ? {} : { defaultBaseUrl: calls.defaultBaseUrl }),
    created,
    listed: all.names,
    page: { names: page.names, ...page.pagination },
    invalid: await calls.refused(product('c', 'a')),
    feed: await calls.createdNames(location),
  };
  console.log(JSON.stringify(result));
}
