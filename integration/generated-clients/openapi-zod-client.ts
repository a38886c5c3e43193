// The reference server through the client openapi-zod-client generated with its defaults (a
// Zodios client that parses every answer with zod), compiled strict: two creates, the list, a
// filtered page with its pagination headers, a 422 and the feed, printed as JSON for
// integration/test/generated-clients.test.ts. `./settings` is written by the test.
import type { AxiosResponse } from 'axios';
import { pagination, refused } from './axios-answers.js';
import { createApiClient } from './generated/api.js';
import { baseUrl, location, prefix, token } from './settings.js';

async function main() {
  const api = createApiClient(baseUrl);
  api.axios.defaults.headers.common.Authorization = `Token ${token}`;
  // Zodios answers with the parsed body only; the headers are on axios's response.
  let last: AxiosResponse | undefined;
  api.axios.interceptors.response.use((response) => (last = response));
  const created: number[] = [];
  for (const letter of ['a', 'b']) {
    const product = await api.createProduct({
      product: { name: `${prefix}-${letter}`, sku: `${prefix}-${letter}`, location_name: location },
    });
    created.push(product.id);
  }
  const all = await api.listProducts({ queries: { location_name: location } });
  const page = await api.listProducts({ queries: { location_name: location, name: prefix, per_page: 1, page: 2 } });
  const headers = last?.headers ?? {};
  const invalid = await refused(
    api.createProduct({ product: { name: `${prefix}-c`, sku: `${prefix}-a`, location_name: location } }),
  );
  const feed = await api.listEvents({ queries: { types: 'product.created', location_name: location } });
  const names = feed.events.flatMap((event) =>
    event.type === 'product.created' && event.data.truncated === false ? [event.data.object.name] : [],
  );
  return {
    created,
    listed: all.map((product) => product.name),
    page: { names: page.map((product) => product.name), ...pagination(headers) },
    invalid: { status: invalid.status, errors: invalid.data.errors },
    feed: names,
  };
}

// A failure rejects, which prints it and exits 1.
main().then((result) => console.log(JSON.stringify(result)));
