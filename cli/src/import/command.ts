// `whctl <resource> import FILE`: the one import command, made for each resource from its
// Importer, so that every import reads files, paces requests, reports and stops the same way.
import { type Middleware, throttle } from '@warehouse-kit/sdk';
import { Command, Option } from 'commander';
import { wholeNumber } from '../commands/shared/arguments.js';
import { examples } from '../commands/shared/examples.js';
import { queryOption } from '../commands/shared/query-option.js';
import { untilSignal } from '../commands/shared/until-signal.js';
import { contextOf } from '../context.js';
import { UsageError } from '../errors.js';
import { delimiterOption } from './csv-table.js';
import { IMPORT_FORMATS, type ImportFormat, readImportInput } from './input.js';
import { type Importer, runImport } from './run.js';

interface Flags {
  format?: ImportFormat;
  delimiter: string;
  concurrency: number;
  rate: number;
}

export interface ImportHelp {
  description: string;
  /** What the file holds, for the argument's line. */
  file: string;
  /** The CSV columns that set a field. */
  columns: readonly string[];
  /** What a row does, printed after the options and the columns. */
  details: string;
  examples: string[];
  /** A --query expression for the report, which one of the examples uses. */
  queryExample: string;
}

// The API's limit per token an hour; --rate is the minute's. An import spaces its requests to stay inside both.
const PER_HOUR = 5000;

/**
 * Makes every request follow `signal`, first in the chain so that its waits for the rate limit
 * (the throttles', a 429's) end when it aborts, as well as the exchange itself.
 */
const following = (signal: AbortSignal): Middleware => ({
  onRequest: ({ request }) => new Request(request, { signal: AbortSignal.any([request.signal, signal]) }),
});

export function importCommand<R>(importer: Importer<R>, help: ImportHelp): Command {
  const { noun } = importer;
  return new Command('import')
    .description(help.description)
    .argument('<file>', `${help.file}, or - for stdin`)
    .addOption(new Option('--format <format>', 'file format (default: from the extension)').choices(IMPORT_FORMATS))
    .option('--delimiter <char>', 'the separator of a CSV file: , ; | or tab', delimiterOption, ',')
    .option('--concurrency <n>', `${noun} in flight at once, 1 to 16`, wholeNumber(1, 16), 4)
    .option('--rate <n>', 'most requests per minute, 1 to 120 (the API allows 120 per token)', wholeNumber(1, 120), 120)
    .addOption(queryOption(help.queryExample))
    .addHelpText(
      'after',
      `
CSV columns: ${help.columns.join(', ')}.${help.details}
Columns an export writes that only answers carry (id, timestamps) are accepted and ignored, so
"whctl ... list --all -o csv" (or -o ndjson) imports back, reporting every record unchanged.
The exit status is 0 when all ${noun} went through and 9 when some did not; the report on
stdout gives each one's line, action (created, updated, unchanged: it already was as the file
says, or failed), ID and error. Ctrl-C (or SIGTERM) stops it at once: the report of what was
done is printed, then "interrupted: run the same command again to continue", with exit status
130. A second run reports what the first did as unchanged and settles the rest.`,
    )
    .addHelpText('after', examples(...help.examples))
    .action(async (file: string, flags: Flags, command: Command) => {
      const ctx = contextOf(command);
      const input = await readImportInput(file, flags.format);
      const parsed = importer.parse(input, flags.delimiter);
      if (!parsed.records.length && !parsed.errors.length) throw new UsageError(`${input.source} holds no ${noun}`);
      const interrupt = untilSignal();
      try {
        const client = await ctx.connect({
          middleware: [
            following(interrupt.signal),
            throttle({ limit: flags.rate, interval: 60_000, strict: true }),
            throttle({ limit: PER_HOUR, interval: 3_600_000, strict: true }),
          ],
          // Other clients of the token may use up the hour's budget; an import waits it out.
          maxRetries: 10,
          maxWait: 3_600_000,
        });
        const options = { digest: input.digest, concurrency: flags.concurrency, interrupt: interrupt.signal };
        await runImport(ctx, client, importer, parsed, options);
      } finally {
        interrupt.dispose();
      }
    });
}
