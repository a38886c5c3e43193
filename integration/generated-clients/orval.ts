// The reference server through the client orval generated with its defaults (axios functions),
// compiled strict, in the scenario every generated client runs.
import axios from 'axios';
import { pagination, refused } from './axios-answers.js';
import { createProduct, listEvents, listProducts } from './generated/api.js';
import { scenario } from './scenario.js';
import { baseUrl, token } from './settings.js';

axios.defaults.baseURL = baseUrl;
axios.defaults.headers.common.Authorization = `Token ${token}`;

// A failure rejects, which prints it and exits 1.
void scenario({
  create: async (product) => (await createProduct({ product })).data.id,
  async list(query) {
    const answer = await listProducts(query);
    return { names: answer.data.map((product) => product.name), pagination: pagination(answer.headers) };
  },
  refused: (product) => refused(createProduct({ product })),
  async createdNames(location_name) {
    const feed = await listEvents({ types: 'product.created', location_name });
    return feed.data.events.flatMap((event) =>
      // orval types enum: [false] as boolean, so truncated does not narrow the union here.
      event.type === 'product.created' && 'name' in event.data.object ? [event.data.object.name] : [],
    );
  },
});
