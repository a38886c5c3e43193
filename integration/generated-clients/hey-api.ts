// The reference server through the client @hey-api/openapi-ts generated with its defaults (its
// fetch client), compiled strict, in the scenario every generated client runs.
import { client } from './generated/client.gen.js';
import { createProduct, listEvents, listProducts } from './generated/index.js';
import { paginationOf, scenario } from './scenario.js';
import { baseUrl, token } from './settings.js';

const defaultBaseUrl = client.getConfig().baseUrl;
client.setConfig({ baseUrl, auth: () => `Token ${token}` });

// A failure rejects, which prints it and exits 1.
void scenario({
  defaultBaseUrl,
  async create(product) {
    const { data, response } = await createProduct({ body: { product } });
    // Since 0.99 `response` is undefined when no answer came.
    if (!data) throw new Error(`create answered ${response?.status}`);
    return data.id;
  },
  async list(query) {
    const { data, response } = await listProducts({ query });
    return {
      names: (data ?? []).map((product) => product.name),
      pagination: paginationOf((name) => response?.headers.get(name)),
    };
  },
  async refused(product) {
    const { error, response } = await createProduct({ body: { product } });
    return { status: response?.status, errors: error && 'errors' in error ? error.errors : error };
  },
  async createdNames(location_name) {
    const feed = await listEvents({ query: { types: 'product.created', location_name } });
    return (feed.data?.events ?? []).flatMap((event) =>
      event.type === 'product.created' && event.data.truncated === false ? [event.data.object.name] : [],
    );
  },
});
