import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import {
  ApiError,
  ConnectionError,
  PaymentRequiredError,
  RateLimitError,
  TimeoutError,
  throttle,
  UnauthorizedError,
} from '@warehouse-kit/sdk';
import { Command, Option } from 'commander';
import pLimit from 'p-limit';
import { contextOf } from '../../../context.js';
import { CliError, ExitCode, UsageError } from '../../../errors.js';
import { describeApiError } from '../../../report-failure.js';
import { wholeNumber } from '../../shared/arguments.js';
import { examples } from '../../shared/examples.js';
import { readStdin } from '../../shared/stdin.js';
import { bulkImport, bulkUploadLocation } from './bulk.js';
import type { RowAction } from './changes.js';
import { CSV_COLUMNS, parseCsv } from './csv.js';
import { fileDigest, importKey } from './keys.js';
import { parseNdjson } from './ndjson.js';
import type { ImportOrder, ParsedFile } from './rows.js';
import { upsert } from './upsert.js';

interface Flags {
  format?: 'csv' | 'ndjson';
  concurrency: number;
  rate: number;
}

interface Result {
  line: number;
  po_number: string | null;
  action: RowAction | 'failed';
  id: number | null;
  error: string | null;
}

// The API's limits per token; an import spaces its requests to stay inside both.
const PER_HOUR = 5000;

function formatOf(file: string, format: Flags['format']): 'csv' | 'ndjson' {
  if (format) return format;
  const extension = extname(file).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.ndjson' || extension === '.jsonl') return 'ndjson';
  throw new UsageError(
    `cannot tell the format of ${file === '-' ? 'stdin' : file} from its name; pass --format csv or --format ndjson`,
  );
}

async function readImportFile(file: string, format: 'csv' | 'ndjson'): Promise<ParsedFile & { digest: string }> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const parsed = format === 'csv' ? parseCsv(text, file) : parseNdjson(text);
  if (!parsed.orders.length && !parsed.errors.length) throw new UsageError(`${file} holds no purchase orders`);
  return { ...parsed, digest: fileDigest(text) };
}

/** Failures that every later row would meet too: stop instead of repeating them. */
function stopsTheImport(error: unknown): boolean {
  return (
    error instanceof UnauthorizedError ||
    error instanceof PaymentRequiredError ||
    error instanceof RateLimitError ||
    error instanceof ConnectionError ||
    error instanceof TimeoutError
  );
}

export const importOrders = new Command('import')
  .description('create or update purchase orders by po_number from a CSV or NDJSON file; safe to run again')
  .argument('<file>', 'CSV (one row per line item) or NDJSON (one order per line) file, or - for stdin')
  .addOption(new Option('--format <format>', 'file format (default: from the extension)').choices(['csv', 'ndjson']))
  .option('--concurrency <n>', 'orders in flight at once, 1 to 16', wholeNumber(1, 16), 4)
  .option('--rate <n>', 'most requests per minute, 1 to 120 (the API allows 120 per token)', wholeNumber(1, 120), 120)
  .addHelpText(
    'after',
    `
CSV columns: ${CSV_COLUMNS.join(', ')}.
A column present in the file is set on every order (an empty cell clears it; an empty
location_name leaves the order unassigned); a column left out leaves that field as it is.
With a product_name column the file's rows are each order's complete line items.
reference_numbers are separated by ";". Custom values need NDJSON.

On a location interface the orders go through its bulk upload, 200 to a request (a
location_name column must name that location). On the organization interface each order
costs two requests (a lookup by po_number, then a create or an update). Every write carries an
Idempotency-Key derived from the file and its rows, so a re-run never creates twice.
The exit status is 0 when every order went through and 9 when some did not; the report on
stdout names each order's line, action (created, updated, unchanged: the order already was as
the file says, or failed) and error.`,
  )
  .addHelpText(
    'after',
    examples(
      'whctl purchase-orders import orders.csv',
      'whctl purchase-orders import - --format ndjson < orders.ndjson',
      'whctl purchase-orders import orders.csv --concurrency 2 --rate 60 -o csv > report.csv',
    ),
  )
  .action(async (file: string, flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const { orders, errors, digest } = await readImportFile(file, formatOf(file, flags.format));
    const client = await ctx.connect({
      middleware: [
        throttle({ limit: flags.rate, interval: 60_000, strict: true }),
        throttle({ limit: PER_HOUR, interval: 3_600_000, strict: true }),
      ],
      // Other clients of the token may use up the hour's budget; an import waits it out.
      maxRetries: 10,
      maxWait: 3_600_000,
    });

    const results: Result[] = errors.map(({ line, poNumber, error }) => ({
      line,
      po_number: poNumber ?? null,
      action: 'failed',
      id: null,
      error,
    }));
    const total = orders.length + errors.length;
    const count = (action: Result['action']) => results.filter((result) => result.action === action).length;
    const bar = ctx.progress('imported');
    const update = () => bar.update(results.length, total, `orders (${count('failed')} failed)`);
    update();
    const limit = pLimit(flags.concurrency);
    let stop: unknown;
    const importOne = async (order: ImportOrder) => {
      // After a failure every order would meet, the queued ones are let go without a request.
      if (stop) return;
      try {
        const { action, id } = await upsert(client, order, importKey(digest, [order.line]));
        results.push({ line: order.line, po_number: order.poNumber, action, id, error: null });
      } catch (error) {
        if (stopsTheImport(error)) {
          stop ??= error;
          return;
        }
        if (!(error instanceof ApiError || error instanceof CliError)) throw error;
        const message = error instanceof ApiError ? describeApiError(error) : error.message;
        results.push({ line: order.line, po_number: order.poNumber, action: 'failed', id: null, error: message });
      }
      update();
    };
    const bulk = async (location: string) =>
      bulkImport(client, digest, location, orders, (outcomes) => {
        for (const { order, ...outcome } of outcomes)
          results.push({ line: order.line, po_number: order.poNumber, ...outcome });
        update();
      });
    try {
      const location = orders.length ? await bulkUploadLocation(client) : undefined;
      if (location) await bulk(location);
      else await Promise.all(orders.map((order) => limit(() => importOne(order))));
    } catch (error) {
      // A bulk upload refused for a reason other than its rows would be refused for every chunk.
      if (!(error instanceof ApiError || stopsTheImport(error))) throw error;
      stop = error;
    } finally {
      bar.stop();
    }

    results.sort((a, b) => a.line - b.line);
    const sink = await ctx.list(['line', 'po_number', 'action', 'id', 'error']);
    for (const result of results) if (!ctx.quiet || result.action === 'failed') await sink.write({ ...result });
    await sink.end();

    const skipped = total - results.length;
    ctx.notice(
      `${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged, ` +
        `${count('failed')} failed${skipped ? `, ${skipped} not attempted` : ''} of ${total} orders`,
    );
    if (stop) throw stop;
    if (count('failed'))
      throw new CliError(
        `${count('failed')} of ${total} orders did not go through; fix them and run the import again`,
        ExitCode.incomplete,
      );
  });
