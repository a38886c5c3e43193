// What a command needs from the command line around it: the global options, output in the
// chosen format, notices on stderr, and (loaded only when asked for) an SDK client.

import type { WarehouseClient } from '@warehouse-kit/sdk';
import type { Command } from 'commander';
import type { ConnectOptions } from './connection/client.js';
import type { ConnectionFlags } from './connection/resolve.js';
import type { Row } from './output/cells.js';
import type { OutputOptions, RecordSink } from './output/format.js';
import { defaultFormat, type Format } from './output/format.js';
import { type Progress, progress } from './output/progress.js';
import { listSink, writeRecord } from './output/sink.js';

export interface GlobalOptions extends ConnectionFlags {
  output?: Format;
  columns?: string[];
  quiet?: boolean;
  /** Milliseconds. */
  timeout?: number;
  verbose?: boolean;
  /** A JMESPath expression, on the commands that offer --query. */
  query?: string;
}

export interface Context {
  readonly quiet: boolean;
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  /** A line on stderr for a person, dropped with --quiet. */
  notice(message: string): void;
  /** A client for the configured address and token (flags over environment over profile). */
  connect(options?: Pick<ConnectOptions, 'middleware' | 'maxRetries' | 'maxWait'>): Promise<WarehouseClient>;
  /** Prints one record; `tableColumns` are the fields a table shows unless --columns says otherwise. */
  print(record: Row, tableColumns?: readonly string[]): Promise<void>;
  /** Prints a record a command created or changed (what --query picks of it), unless --quiet. */
  changed(record: Row, tableColumns?: readonly string[]): Promise<void>;
  /** A sink for a list of records. */
  list(tableColumns?: readonly string[]): Promise<RecordSink>;
  /**
   * Progress on stderr unless --quiet: a bar on a terminal, a line every few seconds elsewhere.
   * Records streaming to the same terminal would tear the bar, so there only a table (rendered
   * at the end) or output redirected elsewhere gets one.
   */
  progress(label: string): Progress;
}

/** `defaults.format` replaces the terminal-dependent default, e.g. JSON for `whctl api`. */
export function contextOf(command: Command, defaults: { format?: Format } = {}): Context {
  const options = command.optsWithGlobals<GlobalOptions>();
  const { stdout, stderr } = process;
  const format = options.output ?? defaults.format ?? defaultFormat(stdout);
  const quiet = options.quiet ?? false;
  const notice = (message: string) => {
    if (!quiet) stderr.write(`${message}\n`);
  };
  const output = (tableColumns?: readonly string[]): OutputOptions => ({
    format,
    stream: stdout,
    columns: options.columns ?? (format === 'table' ? tableColumns : undefined),
    notice,
  });
  // Loaded, and the expression checked, only for a command given --query.
  const queried = options.query === undefined ? undefined : import('./output/query.js');
  const query = queried?.then(({ compileQuery }) => compileQuery(options.query!));
  // Awaited by connect and the output; this only keeps a bad expression from also being an unhandled rejection.
  query?.catch(() => undefined);
  const writeQueried = async (value: unknown, tableColumns?: readonly string[]) =>
    (await queried!).writeQueried(output(tableColumns), value, options.output !== undefined);
  const print = async (record: Row, tableColumns?: readonly string[]) => {
    if (query) return writeQueried((await query)(record), tableColumns);
    return writeRecord(output(tableColumns), record);
  };
  return {
    quiet,
    stdout,
    stderr,
    notice,
    async connect(connectOptions = {}) {
      // A bad --query is a usage error before any request is sent.
      await query;
      const [{ resolveConnection }, { connect }] = await Promise.all([
        import('./connection/resolve.js'),
        import('./connection/client.js'),
      ]);
      const verbose = options.verbose ?? process.env.WHCTL_DEBUG === '1';
      return connect(await resolveConnection(options), {
        ...connectOptions,
        onRateLimited: notice,
        ...(options.timeout !== undefined && { timeout: options.timeout }),
        // The trace is asked for, so --quiet does not silence it.
        trace: verbose ? (line) => stderr.write(`${line}\n`) : undefined,
      });
    },
    print,
    changed: async (record, tableColumns) => {
      if (!quiet) await print(record, tableColumns);
    },
    list: async (tableColumns) => {
      if (!query) return listSink(output(tableColumns));
      const [{ querySink }, compiled] = await Promise.all([queried!, query]);
      return querySink(compiled, (value) => writeQueried(value, tableColumns));
    },
    progress: (label) => progress(label, stderr, !quiet && (!stderr.isTTY || format === 'table' || !stdout.isTTY)),
  };
}
