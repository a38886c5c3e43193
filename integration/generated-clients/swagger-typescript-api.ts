// The reference server through the client swagger-typescript-api generated with its defaults (its fetch client), compiled
// strict: two creates, the list, a filtered page with its pagination headers, a 422 and the
// feed, printed as JSON for integration/test/generated-clients.test.ts. `./settings` is written by the test.
import { Api, type HttpResponse, type ValidationErrors } from './generated/Api.js';
import { baseUrl, location, prefix, token } from './settings.js';

async function main() {
  const defaultBaseUrl = new Api().baseUrl;
  const api = new Api({ baseUrl, baseApiParams: { headers: { Authorization: `Token ${token}` } } });
  const created: number[] = [];
  for (const letter of ['a', 'b']) {
    const answer = await api.products.createProduct({
      product: { name: `${prefix}-${letter}`, sku: `${prefix}-${letter}`, location_name: location },
    });
    created.push(answer.data.id);
  }
  const all = await api.products.listProducts({ location_name: location });
  const page = await api.products.listProducts({ location_name: location, name: prefix, per_page: 1, page: 2 });
  // The client throws its response for any status but 2xx.
  const invalid = await api.products
    .createProduct({ product: { name: `${prefix}-c`, sku: `${prefix}-a`, location_name: location } })
    .catch((answer: HttpResponse<unknown, ValidationErrors>) => answer);
  const feed = await api.events.listEvents({ types: 'product.created', location_name: location });
  const names = feed.data.events.flatMap((event) =>
    event.type === 'product.created' && event.data.truncated === false ? [event.data.object.name] : [],
  );
  return {
    defaultBaseUrl,
    created,
    listed: all.data.map((product) => product.name),
    page: {
      names: page.data.map((product) => product.name),
      totalCount: page.headers.get('Total-Count'),
      totalPages: page.headers.get('Total-Pages'),
      currentPage: page.headers.get('Current-Page'),
    },
    invalid: {
      status: invalid.status,
      errors: invalid.error && 'errors' in invalid.error ? invalid.error.errors : invalid.error,
    },
    feed: names,
  };
}

// A failure rejects, which prints it and exits 1.
main().then((result) => console.log(JSON.stringify(result)));
