// The webhook delivery of one process, in the test's process: the schedule shortened a
// thousandfold, a short timeout and poll, loopback allowed, logging to the run's log.

import { runLogDestination, testOrm, testWebhookSecretKey, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { configFromEnv, type ServerConfig } from '../../src/config.js';
import { createLogger } from '../../src/logging/logger.js';
import { deliverWebhooks, type WebhookDelivery } from '../../src/webhooks/worker.js';
import { rowIdOf } from './record-rows.js';

/** The settings the delivery tests run with; child processes get them as variables. */
export const fastWebhooks = {
  WH_WEBHOOK_ALLOW_PRIVATE: '1',
  WH_WEBHOOK_RETRY_SCALE: '0.001',
  WH_WEBHOOK_TIMEOUT_MS: '1000',
  WH_WEBHOOK_POLL_MS: '20',
};

/** The server's settings with fast webhooks and the run's key for webhook secrets. */
export function fastWebhookConfig(config: Partial<ServerConfig> = {}): ServerConfig {
  return { ...configFromEnv(fastWebhooks), webhookSecretKey: testWebhookSecretKey(), ...config };
}

export async function startWebhookWorker(config: Partial<ServerConfig> = {}): Promise<WebhookDelivery> {
  const logger = await createLogger({ logLevel: 'debug', logFormat: 'json' }, runLogDestination());
  return deliverWebhooks(await testOrm(), fastWebhookConfig(config), logger);
}

/** Deletes a world's endpoints, and so their deliveries, so that no later test's receiver on a reused port gets their retries. */
export async function deleteEndpoints(world: World): Promise<void> {
  const admin = world.as('admin');
  for (const { id } of (await admin.get('/webhook_endpoints', { per_page: 100 })).body as { id: number }[])
    await admin.delete(`/webhook_endpoints/${id}`);
}

/**
 * A new endpoint at `url` for `product.created`, and one product created for it: the endpoint's
 * row id, which the tests' own statements on the deliveries name (the API shows another, 440).
 */
export async function endpointWithOneEvent(world: World, url: string): Promise<number> {
  const admin = world.as('admin');
  const endpoint = await admin.post('/webhook_endpoints', {
    webhook_endpoint: { url, event_types: ['product.created'] },
  });
  expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(200);
  const product = await admin.post('/products', {
    product: { name: uniqueId('Hooked '), location_name: 'Toronto DC' },
  });
  expect(product.status).to.equal(200);
  return rowIdOf(world, 'webhook_endpoints', endpoint.body.id);
}
