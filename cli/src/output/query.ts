// --query EXPR: a JMESPath expression (the AWS CLI's --query, gh's --jq) applied to what a
// command would print: the record, or the whole list once every page has arrived. The
// library is loaded only when a command is given a query.
import { isObject } from '@warehouse-kit/spec';
import { UsageError } from '../errors.js';
import type { Row } from './cells.js';
import type { OutputOptions, RecordSink } from './format.js';
import { listSink, writeRecord } from './sink.js';
import { writeText } from './write.js';

export type Query = (value: unknown) => unknown;

/** Compiles the expression once, so a mistake in it is a usage error before any request. */
export async function compileQuery(expression: string): Promise<Query> {
  const { compile, TreeInterpreter } = await import('@jmespath-community/jmespath');
  let ast: ReturnType<typeof compile>;
  try {
    ast = compile(expression);
  } catch (error) {
    throw new UsageError(
      `--query ${JSON.stringify(expression)} is not a JMESPath expression: ${(error as Error).message}`,
    );
  }
  return (value) => {
    try {
      return TreeInterpreter.search(ast, value as Parameters<typeof TreeInterpreter.search>[1]);
    } catch (error) {
      // A function given the wrong arguments, e.g. `length(id)` on a number.
      throw new UsageError(`--query ${JSON.stringify(expression)}: ${(error as Error).message}`);
    }
  };
}

/**
 * Writes what a query picked: records (one, or a list of them) in the output format, like any
 * command's output; plain values one per line, strings as they are, as `jq -r` would, unless
 * JSON or YAML was asked for by name.
 */
export async function writeQueried(options: OutputOptions, value: unknown, formatChosen: boolean): Promise<void> {
  if (isObject(value)) return writeRecord(options, value);
  if (Array.isArray(value) && value.length && value.every(isObject)) {
    const sink = await listSink(options);
    for (const record of value) await sink.write(record);
    return sink.end();
  }
  if (formatChosen && (options.format === 'json' || options.format === 'yaml')) {
    const text =
      options.format === 'json' ? `${JSON.stringify(value, null, 2)}\n` : (await import('yaml')).stringify(value);
    return writeText(options.stream, text);
  }
  const lines = (Array.isArray(value) ? value : [value]).map((item) =>
    typeof item === 'string' ? item : JSON.stringify(item ?? null),
  );
  if (lines.length) await writeText(options.stream, `${lines.join('\n')}\n`);
}

/** A sink that keeps the list until its end, then writes what the query picks from all of it. */
export function querySink(query: Query, write: (value: unknown) => Promise<void>): RecordSink {
  const records: Row[] = [];
  return {
    write: async (record) => void records.push(record),
    end: () => write(query(records)),
  };
}
