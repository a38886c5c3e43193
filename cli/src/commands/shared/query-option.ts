// --query EXPR on every command that prints records: a JMESPath expression applied to what it
// would print (output/query.ts).
import { Option } from 'commander';

/**
 * The --query option; `example` is an expression for that command's output (one of its examples
 * uses it), since every kind of record has fields of its own.
 */
export function queryOption(example: string): Option {
  return new Option(
    '--query <expr>',
    `a JMESPath expression applied to the output, e.g. '${example}' (values print one per line)`,
  );
}
