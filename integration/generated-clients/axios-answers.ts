// What the programs for the axios clients (orval, openapi-zod-client, kubb) share: axios rejects
// any status but 2xx, carrying the response, and gives headers with lower-case names.
// integration/test/support/generators.ts copies it beside the program that imports it.
import { isAxiosError } from 'axios';
import { type Pagination, paginationOf } from './scenario.js';

/** The status and errors of a request axios rejected for its status; any other failure rejects. */
export async function refused(request: Promise<unknown>): Promise<{ status: number; errors: unknown }> {
  try {
    await request;
  } catch (error) {
    if (isAxiosError<{ errors?: unknown }>(error) && error.response)
      return { status: error.response.status, errors: error.response.data.errors };
    throw error;
  }
  throw new Error('the request was not refused');
}

/** The pagination headers of axios's headers, whose names it gives in lower case. */
export const pagination = (headers: Record<string, unknown>): Pagination =>
  paginationOf((name) => headers[name.toLowerCase()]);
