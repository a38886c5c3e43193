// The reference server through the client kubb generated with the configuration of the integrators'
// guide (its axios client), compiled strict, in the scenario every generated client runs.
import { axiosInstance, setConfig } from '@kubb/plugin-client/clients/axios';
import type { AxiosResponse } from 'axios';
import { pagination, refused } from './axios-answers.js';
import { createProduct, listEvents, listProducts } from './generated/index.js';
import { scenario } from './scenario.js';
import { baseUrl, token } from './settings.js';

setConfig({ baseURL: baseUrl, headers: { Authorization: `Token ${token}` } });
// Each function answers with the parsed body only; the headers are on axios's response.
let last: AxiosResponse | undefined;
axiosInstance.interceptors.response.use((response) => (last = response));

// A failure rejects, which prints it and exits 1.
void scenario({
  create: async (product) => (await createProduct({ product })).id,
  async list(query) {
    const products = await listProducts(query);
    return { names: products.map((product) => product.name), pagination: pagination(last?.headers ?? {}) };
  },
  refused: (product) => refused(createProduct({ product })),
  async createdNames(location_name) {
    const feed = await listEvents({ types: 'product.created', location_name });
    return feed.events.flatMap((event) =>
      event.type === 'product.created' && event.data.truncated === false ? [event.data.object.name] : [],
    );
  },
});
