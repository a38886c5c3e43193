// What the programs for the axios clients (orval, openapi-zod-client, kubb) share: axios rejects
// any status but 2xx, carrying the response, and gives headers with lower-case names.
// integration/test/support/generators.ts copies it beside the program that imports it.
import { type AxiosResponse, isAxiosError } from 'axios';

/** The answer to a request axios rejected for its status; any other failure rejects. */
export async function refused(request: Promise<unknown>): Promise<AxiosResponse> {
  try {
    await request;
  } catch (error) {
    if (isAxiosError(error) && error.response) return error.response;
    throw error;
  }
  throw new Error('the request was not refused');
}

/** An answer's pagination headers, as the test compares them. */
export function pagination(headers: Record<string, unknown>) {
  return {
    totalCount: headers['total-count'],
    totalPages: headers['total-pages'],
    currentPage: headers['current-page'],
  };
}
