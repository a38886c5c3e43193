import type { Middleware } from 'openapi-fetch';

// openapi-fetch results carry the response but not the request; errors and pagination need
// its method and URL. Weak, so remembered requests go when their responses do.
const requests = new WeakMap<Response, Request>();

/** Records which request each response answers; the client registers it so it sees the final response. */
export const rememberRequest: Middleware = {
  onResponse({ request, response }) {
    requests.set(response, request);
  },
};

/** The request a response of an SDK client answers, if that client produced it. */
export function requestOf(response: Response): Request | undefined {
  return requests.get(response);
}
