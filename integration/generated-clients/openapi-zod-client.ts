// The reference server through the client openapi-zod-client generated with its defaults (a
// Zodios client that parses every answer with zod), compiled strict, in the scenario every
// generated client runs.
import type { AxiosResponse } from 'axios';
import { pagination, refused } from './axios-answers.js';
import { createApiClient } from './generated/api.js';
import { scenario } from './scenario.js';
import { baseUrl, token } from './settings.js';

const api = createApiClient(baseUrl);
api.axios.defaults.headers.common.Authorization = `Token ${token}`;
// Zodios answers with the parsed body only; the headers are on axios's response.
let last: AxiosResponse | undefined;
api.axios.interceptors.response.use((response) => (last = response));

// A failure rejects, which prints it and exits 1.
void scenario({
  create: async (product) => (await api.createProduct({ product })).id,
  async list(queries) {
    const products = await api.listProducts({ queries });
    return { names: products.map((product) => product.name), pagination: pagination(last?.headers ?? {}) };
  },
  refused: (product) => refused(api.createProduct({ product })),
  async createdNames(location_name) {
    const feed = await api.listEvents({ queries: { types: 'product.created', location_name } });
    return feed.events.flatMap((event) =>
      event.type === 'product.created' && event.data.truncated === false ? [event.data.object.name] : [],
    );
  },
});
