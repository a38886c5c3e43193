// Webhook delivery (issue 22): how long after a write's answer its event reaches a local
// receiver (p50, p99), and how long one process takes to drain a backlog of 10,000 events, each
// fanned out, signed and POSTed, with the server's own delivery loop at its default settings.
import { createServer } from 'node:http';
import type { WarehouseClient } from '@warehouse-kit/sdk';
import { deliverWebhooks, type Logger, type Orm, type WebhookDeliveryConfig } from '@warehouse-kit/server';
import { percentile } from './measure.js';

export interface WebhookTimings {
  writes: number;
  p50: number;
  p99: number;
  backlog: number;
  drainMs: number;
}

const WRITES = 200;
const BACKLOG = 10_000;

export async function benchWebhooks(
  orm: Orm,
  config: WebhookDeliveryConfig,
  client: WarehouseClient,
  logger: Logger,
  freshBudget: () => Promise<unknown>,
): Promise<WebhookTimings> {
  // The arrival time of each delivery, by the record it is about.
  const arrivals = new Map<string, number>();
  let received = 0;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received++;
      arrivals.set(JSON.parse(Buffer.concat(chunks).toString()).subject, performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  let worker = deliverWebhooks(orm, config, logger);
  try {
    const endpoint = await client.POST('/webhook_endpoints', {
      body: { webhook_endpoint: { url: `http://127.0.0.1:${port}/hook`, event_types: ['product.created'] } },
    });
    if (!endpoint.data) throw new Error(`creating the webhook endpoint answered ${endpoint.response.status}`);

    const latencies: number[] = [];
    for (let write = 0; write < WRITES; write++) {
      if (write % 100 === 0) await freshBudget();
      const created = await client.POST('/products', {
        body: { product: { name: `Hooked ${write}`, location_name: 'Toronto DC' } },
      });
      if (!created.data) throw new Error(`a product create answered ${created.response.status}`);
      const answered = performance.now();
      const subject = `products/${created.data.id}`;
      while (!arrivals.has(subject)) await new Promise((resolve) => setTimeout(resolve, 2));
      latencies.push(arrivals.get(subject)! - answered);
    }

    // The backlog: copies of the last event, written while no process delivers.
    await worker.stop();
    const connection = orm.em.getConnection();
    await connection.execute(
      `insert into events (organization_id, type, record_type, record_id, location_id, visibility, data)
        select organization_id, type, record_type, record_id, location_id, visibility, data
        from (select * from events where type = 'product.created' order by id desc limit 1) e, generate_series(1, ?)`,
      [BACKLOG],
    );
    const before = received;
    const started = performance.now();
    worker = deliverWebhooks(orm, config, logger);
    while (received - before < BACKLOG) await new Promise((resolve) => setTimeout(resolve, 10));
    const drainMs = performance.now() - started;
    latencies.sort((a, b) => a - b);
    return {
      writes: WRITES,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      backlog: BACKLOG,
      drainMs,
    };
  } finally {
    await worker.stop();
    receiver.closeAllConnections();
    receiver.close();
  }
}
