// The reference server through the client orval generated with its defaults (axios functions), compiled
// strict: two creates, the list, a filtered page with its pagination headers, a 422 and the
// feed, printed as JSON for integration/test/generated-clients.test.ts. `./settings` is written by the test.
import axios from 'axios';
import { pagination, refused } from './axios-answers.js';
import { createProduct, listEvents, listProducts } from './generated/api.js';
import { baseUrl, location, prefix, token } from './settings.js';

async function main() {
  axios.defaults.baseURL = baseUrl;
  axios.defaults.headers.common.Authorization = `Token ${token}`;
  const created: number[] = [];
  for (const letter of ['a', 'b']) {
    const answer = await createProduct({
      product: { name: `${prefix}-${letter}`, sku: `${prefix}-${letter}`, location_name: location },
    });
    created.push(answer.data.id);
  }
  const all = await listProducts({ location_name: location });
  const page = await listProducts({ location_name: location, name: prefix, per_page: 1, page: 2 });
  const invalid = await refused(
    createProduct({ product: { name: `${prefix}-c`, sku: `${prefix}-a`, location_name: location } }),
  );
  const feed = await listEvents({ types: 'product.created', location_name: location });
  const names = feed.data.events.flatMap((event) =>
    // orval types enum: [false] as boolean, so truncated does not narrow the union here.
    event.type === 'product.created' && 'name' in event.data.object ? [event.data.object.name] : [],
  );
  return {
    created,
    listed: all.data.map((product) => product.name),
    page: { names: page.data.map((product) => product.name), ...pagination(page.headers) },
    invalid: { status: invalid.status, errors: invalid.data.errors },
    feed: names,
  };
}

// A failure rejects, which prints it and exits 1.
main().then((result) => console.log(JSON.stringify(result)));
