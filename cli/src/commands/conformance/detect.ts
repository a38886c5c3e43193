// What `whctl conformance init` learns of a deployment with its admin token, so that the profile
// it writes declares what the deployment has and the suite checks it rather than skipping it
// (DECISIONS 467): which locations are paid, and which extensions it honours. Reads only, but for
// one refused create: a company without a name, sent twice under one Idempotency-Key, which a
// deployment honouring the key answers the second time as a replay, and which writes no record.
import { randomUUID } from 'node:crypto';
import type { ProfileFile } from '@warehouse-kit/conformance';
import type { WarehouseClient } from '@warehouse-kit/sdk';

type Extensions = NonNullable<ProfileFile['extensions']>;

/** Whether a location's own interface serves it: an unpaid one answers 402 (DECISIONS 12). */
export async function isPaid(location: WarehouseClient): Promise<boolean> {
  const { response } = await location.GET('/locations');
  return response.status !== 402;
}

/** An item read's ETag, from the first product or company there is. */
async function sendsETags(client: WarehouseClient): Promise<boolean> {
  const products = await client.GET('/products', { params: { query: { per_page: 1 } } });
  const product = products.data?.[0];
  if (product) {
    const { response } = await client.GET('/products/{id}', { params: { path: { id: product.id } } });
    return response.headers.has('ETag');
  }
  const companies = await client.GET('/companies', { params: { query: { per_page: 1 } } });
  const company = companies.data?.[0];
  if (!company) return false;
  const { response } = await client.GET('/companies/{id}', { params: { path: { id: company.id } } });
  return response.headers.has('ETag');
}

/** A refused create, twice under one key: the second is a replay where the key is honoured. */
async function replaysKeys(client: WarehouseClient): Promise<boolean> {
  const key = `whctl-init-${randomUUID()}`;
  const refused = () =>
    client.POST('/companies', {
      params: { header: { 'Idempotency-Key': key } },
      body: { company: {} } as never,
    });
  const first = await refused();
  if (first.response.ok) return false;
  const again = await refused();
  return again.response.headers.get('Idempotent-Replayed') === 'true';
}

/**
 * The extensions the deployment answers as honouring. Webhooks are declared only for an
 * organization on this machine, where the suite's receiver on 127.0.0.1 is within reach of the
 * deployment; elsewhere `extensions.webhooks` needs an address the deployment reaches.
 */
export async function detectExtensions(client: WarehouseClient, organization: string): Promise<Extensions> {
  const feed = await client.GET('/events', { params: { query: { limit: 1 } } });
  const events = feed.response.ok && Array.isArray(feed.data?.events);
  const host = new URL(organization).hostname;
  const local = host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';
  const endpoints = events && local ? await client.GET('/webhook_endpoints') : undefined;
  const extensions: Extensions = {
    idempotency: await replaysKeys(client),
    etags: await sendsETags(client),
    events,
  };
  if (endpoints?.response.ok && Array.isArray(endpoints.data)) extensions.webhooks = true;
  return extensions;
}
