// `whctl api --paginate`: every record of a list at a raw path, through the SDK's walkers.
import { pages, paginateOffset, type WarehouseClient } from '@warehouse-kit/sdk';
import type { Context } from '../../context.js';

// The one list paged by limit and offset rather than by Link.
const OFFSET_PATH = '/purchase_orders/with_booked_appointments';

// The SDK's walkers are typed per path; a raw path is whatever the user typed.
type Row = Record<string, unknown>;
type LooseRecords = (client: WarehouseClient, path: string, init: object) => AsyncGenerator<Row>;
type LoosePages = (client: WarehouseClient, path: string, init: object) => AsyncGenerator<{ records: Row[] }>;

export async function paginateRaw(
  ctx: Context,
  client: WarehouseClient,
  pathname: string,
  search: URLSearchParams,
  headers: Record<string, string>,
): Promise<void> {
  const sink = await ctx.list();
  const bar = ctx.progress('fetching');
  let done = 0;
  try {
    if (pathname === OFFSET_PATH) {
      // The walker steps `offset` by `limit` itself, so both must be numbers; 250 is the most per request.
      const query: Record<string, unknown> = Object.fromEntries(search);
      query.limit = Number(query.limit ?? 250);
      if (query.offset !== undefined) query.offset = Number(query.offset);
      const init = { params: { query }, headers };
      for await (const record of (paginateOffset as unknown as LooseRecords)(client, pathname, init)) {
        await sink.write(record);
        bar.update(++done);
      }
    } else {
      const init = { querySerializer: () => search.toString(), headers };
      for await (const page of (pages as unknown as LoosePages)(client, pathname, init)) {
        for (const record of page.records) await sink.write(record);
        done += page.records.length;
        bar.update(done);
      }
    }
  } finally {
    bar.stop();
  }
  await sink.end();
}
