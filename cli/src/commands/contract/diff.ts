// `whctl contract diff <base> <revision>`: every change from one version of the contract to
// another, breaking or compatible for a client built against the base (DECISIONS 352), and
// exit status 1 when one breaks such a client.
import { diffContracts } from '@warehouse-kit/contract-diff';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import { examples } from '../shared/examples.js';
import { readContract } from './read-contract.js';

export const diff = new Command('diff')
  .description('list the changes from one contract to another, each breaking or compatible for clients of the first')
  .argument(
    '<base>',
    "the contract clients were built against: a file, or a URL such as a deployment's /api/v1/openapi.json",
  )
  .argument('<revision>', 'the contract to compare with it, likewise')
  .addHelpText(
    'after',
    `
Each change names its rule, the operation and a JSON pointer to what changed (through $refs).
Exit status: 0 when nothing breaks a client (compatible changes, or none), 1 when a change does.`,
  )
  .addHelpText(
    'after',
    examples(
      "whctl contract diff openapi.yaml http://localhost:3000/api/v1/openapi.json   # your client's contract, against a deployment",
      'whctl contract diff openapi.yaml http://localhost:3000/api/v1/openapi.json -o json',
    ),
  )
  .action(async (base: string, revision: string, _flags: unknown, command: Command) => {
    const ctx = contextOf(command);
    const timeout = command.optsWithGlobals<{ timeout?: number }>().timeout ?? 30_000;
    const [before, after] = await Promise.all([readContract(base, timeout), readContract(revision, timeout)]);
    const changes = diffContracts(before, after);
    const sink = await ctx.list(['kind', 'rule', 'operation', 'detail', 'pointer']);
    for (const { rule, kind, operation, detail, pointer } of changes)
      await sink.write({ kind, rule, operation: operation ?? null, detail, pointer });
    await sink.end();
    const breaking = changes.filter((change) => change.kind === 'breaking').length;
    const summary = `${changes.length} change(s) from ${base} to ${revision}: ${breaking} breaking, ${changes.length - breaking} compatible`;
    if (breaking) throw new CliError(summary, ExitCode.breakingChange);
    ctx.notice(summary);
  });
