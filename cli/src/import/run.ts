// Running an import: every record of a parsed file upserted (or sent in batches where the
// resource has them), a few at a time, with progress on stderr, then the report on stdout and
// a summary line. Ctrl-C or SIGTERM (`interrupt`, which every request of the import follows:
// command.ts) stops it at once: nothing more starts, what was waiting or in flight is cut
// short, and the report of what was done is printed with exit status 130.
import {
  ApiError,
  ConnectionError,
  PaymentRequiredError,
  RateLimitError,
  TimeoutError,
  UnauthorizedError,
  type WarehouseClient,
} from '@warehouse-kit/sdk';
import pLimit from 'p-limit';
import type { Context } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { describeApiError } from '../report-failure.js';
import type { ImportInput } from './input.js';
import { importKey } from './keys.js';
import type { ImportRecord, ParsedFile } from './rows.js';
import { type RecordWrites, type RowAction, upsert } from './upsert.js';

export interface Outcome {
  action: RowAction | 'failed';
  id: number | null;
  error: string | null;
}

/**
 * A faster way through the whole file than a record at a time (bulk uploads): `done` takes
 * each batch's outcomes; no batch starts once `signal` has aborted.
 */
export type BatchImport<R> = (
  records: ImportRecord<R>[],
  done: (outcomes: (Outcome & { entry: ImportRecord<R> })[]) => void,
  signal: AbortSignal,
) => Promise<void>;

/** One resource's import: how its file reads and how its records are written. */
export interface Importer<R> {
  /** The records, plural, for the summary: `of 250 orders`. */
  noun: string;
  /** The report's column naming each record, e.g. `po_number`. */
  labelColumn: string;
  parse(input: ImportInput, delimiter: string): ParsedFile<R>;
  /** Each resource finds its own kind of record; the engine needs only its id and updated_at. */
  writes: RecordWrites<R>;
  /** The batches to send instead of one record at a time, where this client can (undefined: it cannot). */
  batch?(client: WarehouseClient, digest: string): Promise<BatchImport<R> | undefined>;
}

type Result = Outcome & { line: number; label: string | null };

/** A request the interrupt cut short, while it waited for the rate limit or for its answer. */
const cutShort = (error: unknown, interrupt: AbortSignal) =>
  interrupt.aborted && error instanceof Error && error.name === 'AbortError';

/** Failures that every later record would meet too: stop instead of repeating them. */
function stopsTheImport(error: unknown): boolean {
  return (
    error instanceof UnauthorizedError ||
    error instanceof PaymentRequiredError ||
    error instanceof RateLimitError ||
    error instanceof ConnectionError ||
    error instanceof TimeoutError
  );
}

export async function runImport<R>(
  ctx: Context,
  client: WarehouseClient,
  importer: Importer<R>,
  parsed: ParsedFile<R>,
  { digest, concurrency, interrupt }: { digest: string; concurrency: number; interrupt: AbortSignal },
): Promise<void> {
  const results: Result[] = parsed.errors.map(({ line, label, error }) => ({
    line,
    label: label ?? null,
    action: 'failed',
    id: null,
    error,
  }));
  const total = parsed.records.length + parsed.errors.length;
  const count = (action: Result['action']) => results.filter((result) => result.action === action).length;
  const bar = ctx.progress('imported');
  const update = () => bar.update(results.length, total, `${importer.noun} (${count('failed')} failed)`);
  update();

  const limit = pLimit(concurrency);
  let stop: unknown;
  const importOne = async (entry: ImportRecord<R>) => {
    // After a failure every record would meet, or a signal, the queued ones are let go without a request.
    if (stop || interrupt.aborted) return;
    const { line, label } = entry;
    try {
      const { action, id } = await upsert(client, importer.writes, entry.record, importKey(digest, [line]));
      results.push({ line, label, action, id, error: null });
    } catch (error) {
      // Its outcome is unknown: it counts as not finished, and the next run settles it.
      if (cutShort(error, interrupt)) return;
      if (stopsTheImport(error)) {
        stop ??= error;
        return;
      }
      if (!(error instanceof ApiError || error instanceof CliError)) throw error;
      const message = error instanceof ApiError ? describeApiError(error) : error.message;
      results.push({ line, label, action: 'failed', id: null, error: message });
    }
    update();
  };
  try {
    const batch = parsed.records.length ? await importer.batch?.(client, digest) : undefined;
    if (batch)
      await batch(
        parsed.records,
        (outcomes) => {
          for (const { entry, ...outcome } of outcomes)
            results.push({ line: entry.line, label: entry.label, ...outcome });
          update();
        },
        interrupt,
      );
    else await Promise.all(parsed.records.map((entry) => limit(() => importOne(entry))));
  } catch (error) {
    // A batch refused for a reason other than its rows would be refused for every batch.
    if (!(error instanceof ApiError || stopsTheImport(error) || cutShort(error, interrupt))) throw error;
    stop = error;
  } finally {
    bar.stop();
  }

  results.sort((a, b) => a.line - b.line);
  const sink = await ctx.list(['line', importer.labelColumn, 'action', 'id', 'error']);
  for (const { line, label, ...outcome } of results)
    if (!ctx.quiet || outcome.action === 'failed')
      await sink.write({ line, [importer.labelColumn]: label, ...outcome });
  await sink.end();

  const skipped = total - results.length;
  ctx.notice(
    `${count('created')} created, ${count('updated')} updated, ${count('unchanged')} unchanged, ` +
      `${count('failed')} failed${skipped ? `, ${skipped} not ${interrupt.aborted ? 'finished' : 'attempted'}` : ''} ` +
      `of ${total} ${importer.noun}`,
  );
  // Everything done so far stays done, and a re-run reports it unchanged.
  if (interrupt.aborted)
    throw new CliError('interrupted: run the same command again to continue', ExitCode.interrupted);
  if (stop) throw stop;
  if (count('failed'))
    throw new CliError(
      `${count('failed')} of ${total} ${importer.noun} did not go through; fix them and run the import again`,
      ExitCode.incomplete,
    );
}
