// A feed follower: reads the change feed from where it stopped last time (the cursor kept in a
// file), handles each event, then keeps the event's cursor, so a restart neither skips nor
// repeats anything. Follows like `tail -f` until Ctrl-C; `--once` stops when caught up.
//
//   WH_BASE_URL=http://acme.localhost:3000 WH_TOKEN=acme-admin-token \
//     node examples/dist/sdk/follow-events.js cursor.txt 'purchase_order.*,appointment.*'

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { GoneError, iterateEvents } from '@warehouse-kit/sdk';
import { client } from './connection.js';

const args = process.argv.slice(2);
const once = args.includes('--once');
const [cursorFile, types] = args.filter((arg) => arg !== '--once');
if (!cursorFile) {
  console.error('usage: follow-events.js <cursor file> [types] [--once]');
  process.exit(2);
}
const after = existsSync(cursorFile) ? readFileSync(cursorFile, 'utf8').trim() || undefined : undefined;
const stop = new AbortController();
process.once('SIGINT', () => stop.abort());

try {
  for await (const event of iterateEvents(client, {
    after,
    types,
    follow: !once,
    pollInterval: 1000,
    signal: stop.signal,
  })) {
    console.log(`${event.time} ${event.type} ${event.subject}`);
    writeFileSync(cursorFile, event.cursor);
  }
} catch (error) {
  if (!(error instanceof GoneError)) throw error;
  // Events older than the retention period are gone: resync from the lists, then follow anew.
  console.error(`${error.error}; delete ${cursorFile} to start from the oldest event kept`);
  process.exit(1);
}
