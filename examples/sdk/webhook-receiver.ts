// A webhook receiver on node:http: verifies each delivery (Standard Webhooks signature, five
// minutes of clock skew) before trusting it, drops the duplicates that at-least-once delivery
// brings by webhook-id, and answers 2xx at once. Try it with `whctl listen`, which prints the
// secret to use:
//
//   WH_WEBHOOK_SECRET=whsec_... node examples/dist/sdk/webhook-receiver.js 4242
//   whctl listen --forward-to http://localhost:4242/hook

import { createServer } from 'node:http';
import { type Event, verifyWebhook, WebhookVerificationError } from '@warehouse-kit/sdk';

const secret = process.env.WH_WEBHOOK_SECRET;
if (!secret) {
  console.error('set WH_WEBHOOK_SECRET to the whsec_ secret of the endpoint (or of whctl listen)');
  process.exit(2);
}
const port = Number(process.argv[2] ?? 4242);
// Events are at most 256 KiB of JSON (DECISIONS 172); anything much larger is not one.
const MAX_BODY = 1024 * 1024;
// Recent ids, to drop redeliveries; a real receiver keeps them in its database.
const seen = new Set<string>();

function handle(event: Event): void {
  // `type` narrows the event: here `data.object` is a purchase order.
  if (event.type === 'purchase_order.moved' && !event.data.truncated) {
    const { object, previous_attributes: before } = event.data;
    return void console.log(
      `${event.type} ${object.po_number} from ${before?.location_name ?? '?'} to ${object.location_name}`,
    );
  }
  console.log(`${event.type} ${event.subject}`);
}

const server = createServer((req, res) => {
  if (req.method !== 'POST') return void res.writeHead(405, { Allow: 'POST' }).end();
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY) {
      res.writeHead(413).end();
      req.destroy();
    } else chunks.push(chunk);
  });
  req.on('end', () => {
    let event: Event;
    try {
      // The raw bytes, exactly as signed: never a re-serialized parse.
      event = verifyWebhook(Buffer.concat(chunks), req.headers, secret);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.error(`refused: ${error.message}`);
      return void res.writeHead(400, { 'Content-Type': 'text/plain' }).end(`${error.message}\n`);
    }
    res.writeHead(204).end();
    if (seen.has(event.id)) return void console.log(`duplicate ${event.id}, already handled`);
    seen.add(event.id);
    if (seen.size > 10_000) seen.delete(seen.values().next().value!);
    handle(event);
  });
});

server.listen(port, 'localhost', () => {
  const address = server.address();
  console.log(`listening on http://localhost:${typeof address === 'object' && address ? address.port : port}/hook`);
});
process.once('SIGINT', () => server.close());
