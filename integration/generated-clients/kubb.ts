// The reference server through the client kubb generated with the configuration of the integrators'
// guide (its axios client), compiled strict: two creates, the list, a filtered page with its
// pagination headers, a 422 and the feed, printed as JSON for integration/test/generated-clients.test.ts.
// `./settings` is written by the test.
import { axiosInstance, setConfig } from '@kubb/plugin-client/clients/axios';
import type { AxiosResponse } from 'axios';
import { pagination, refused } from './axios-answers.js';
import { createProduct, listEvents, listProducts } from './generated/index.js';
import { baseUrl, location, prefix, token } from './settings.js';

async function main() {
  setConfig({ baseURL: baseUrl, headers: { Authorization: `Token ${token}` } });
  // Each function answers with the parsed body only; the headers are on axios's response.
  let last: AxiosResponse | undefined;
  axiosInstance.interceptors.response.use((response) => (last = response));
  const created: number[] = [];
  for (const letter of ['a', 'b']) {
    const product = await createProduct({
      product: { name: `${prefix}-${letter}`, sku: `${prefix}-${letter}`, location_name: location },
    });
    created.push(product.id);
  }
  const all = await listProducts({ location_name: location });
  const page = await listProducts({ location_name: location, name: prefix, per_page: 1, page: 2 });
  const headers = last?.headers ?? {};
  const invalid = await refused(
    createProduct({ product: { name: `${prefix}-c`, sku: `${prefix}-a`, location_name: location } }),
  );
  const feed = await listEvents({ types: 'product.created', location_name: location });
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
