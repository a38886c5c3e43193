// The reference server through the client @hey-api/openapi-ts generated with its defaults (its fetch client), compiled
// strict: two creates, the list, a filtered page with its pagination headers, a 422 and the
// feed, printed as JSON for integration/test/generated-clients.test.ts. `./settings` is written by the test.

import { client } from './generated/client.gen.js';
import { createProduct, listEvents, listProducts } from './generated/index.js';
import { baseUrl, location, prefix, token } from './settings.js';

async function main() {
  const defaultBaseUrl = client.getConfig().baseUrl;
  client.setConfig({ baseUrl, auth: () => `Token ${token}` });
  const created: number[] = [];
  for (const letter of ['a', 'b']) {
    const { data, response } = await createProduct({
      body: { product: { name: `${prefix}-${letter}`, sku: `${prefix}-${letter}`, location_name: location } },
    });
    // Since 0.99 `response` is undefined when no answer came.
    if (!data) throw new Error(`create answered ${response?.status}`);
    created.push(data.id);
  }
  const all = await listProducts({ query: { location_name: location } });
  const page = await listProducts({ query: { location_name: location, name: prefix, per_page: 1, page: 2 } });
  const invalid = await createProduct({
    body: { product: { name: `${prefix}-c`, sku: `${prefix}-a`, location_name: location } },
  });
  const feed = await listEvents({ query: { types: 'product.created', location_name: location } });
  const names = (feed.data?.events ?? []).flatMap((event) =>
    event.type === 'product.created' && event.data.truncated === false ? [event.data.object.name] : [],
  );
  return {
    defaultBaseUrl,
    created,
    listed: (all.data ?? []).map((product) => product.name),
    page: {
      names: (page.data ?? []).map((product) => product.name),
      totalCount: page.response?.headers.get('Total-Count'),
      totalPages: page.response?.headers.get('Total-Pages'),
      currentPage: page.response?.headers.get('Current-Page'),
    },
    invalid: {
      status: invalid.response?.status,
      errors: invalid.error && 'errors' in invalid.error ? invalid.error.errors : invalid.error,
    },
    feed: names,
  };
}

// A failure rejects, which prints it and exits 1.
main().then((result) => console.log(JSON.stringify(result)));
