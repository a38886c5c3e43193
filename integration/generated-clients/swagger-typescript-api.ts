// The reference server through the client swagger-typescript-api generated with its defaults (its
// fetch client), compiled strict, in the scenario every generated client runs.
import { Api, type HttpResponse, type ValidationErrors } from './generated/Api.js';
import { paginationOf, scenario } from './scenario.js';
import { baseUrl, token } from './settings.js';

const api = new Api({ baseUrl, baseApiParams: { headers: { Authorization: `Token ${token}` } } });

// A failure rejects, which prints it and exits 1.
void scenario({
  defaultBaseUrl: new Api().baseUrl,
  create: async (product) => (await api.products.createProduct({ product })).data.id,
  async list(query) {
    const answer = await api.products.listProducts(query);
    return {
      names: answer.data.map((product) => product.name),
      pagination: paginationOf((name) => answer.headers.get(name)),
    };
  },
  async refused(product) {
    // The client throws its response for any status but 2xx.
    const answer = await api.products
      .createProduct({ product })
      .catch((thrown: HttpResponse<unknown, ValidationErrors>) => thrown);
    return {
      status: answer.status,
      errors: answer.error && 'errors' in answer.error ? answer.error.errors : answer.error,
    };
  },
  async createdNames(location_name) {
    const feed = await api.events.listEvents({ types: 'product.created', location_name });
    return feed.data.events.flatMap((event) =>
      event.type === 'product.created' && event.data.truncated === false ? [event.data.object.name] : [],
    );
  },
});
