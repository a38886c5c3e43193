// `whctl conformance list`: every check by group, or with --trace every rule of the API
// reference and of the spec's extensions with the checks that verify it (or why none does),
// without a deployment.
import {
  type CheckInfo,
  catalogue,
  type TraceCounts,
  type TraceEntry,
  trace,
  traceJson,
  traceSummary,
  UNCHECKED_WHY,
} from '@warehouse-kit/conformance';
import { Command, Option } from 'commander';
import { examples } from '../shared/examples.js';

interface ListOptions {
  trace?: boolean;
  format: 'text' | 'json';
}

const write = (text: string) => process.stdout.write(text);

function checksAsText(checks: CheckInfo[]): void {
  let group: string | undefined;
  for (const check of checks) {
    if (check.group !== group) {
      group = check.group;
      write(`\n${group} (${check.basis === 'reference' ? 'the API reference' : 'our decisions and spec'})\n`);
    }
    write(`  ${check.title}\n`);
  }
}

/** `218 rules: 205 checked, 13 unchecked (2 untestable from outside, ...)`. */
function counted(what: string, counts: TraceCounts): string {
  const why = Object.entries(counts.unchecked_why)
    .filter(([, count]) => count)
    .map(([key, count]) => `${count} ${UNCHECKED_WHY[key as keyof typeof UNCHECKED_WHY]}`)
    .join(', ');
  return `${counts.rules} ${what}: ${counts.checked} checked, ${counts.unchecked} unchecked${why ? ` (${why})` : ''}`;
}

function traceAsText(entries: TraceEntry[], checks: CheckInfo[]): void {
  let section: string | undefined;
  for (const entry of entries) {
    if (entry.section !== section) {
      section = entry.section;
      write(`\n${entry.source === 'reference' ? `§${section} ` : `${section}: `}${entry.sectionTitle}\n`);
    }
    write(`  ${entry.id}${entry.kind === 'open' ? ' (open)' : ''}  ${entry.words}\n`);
    const by = entry.kind === 'open' ? 'settled by ' : '';
    for (const check of entry.checks) write(`      ${by}${check.group}: ${check.title}\n`);
    if (entry.unchecked) write(`      unchecked (${UNCHECKED_WHY[entry.unchecked.why]}): ${entry.unchecked.detail}\n`);
    else if (!entry.checks.length)
      write(entry.kind === 'open' ? '      left open: no check\n' : '      unchecked: no reason recorded\n');
  }
  const s = traceSummary(entries, checks);
  write(
    `\n${counted('rules', s)}; ${s.open} open points, ${s.open_settled} settled by checks of our decisions; ` +
      `${counted("rules of the spec's extensions", s.extensions)}; ${s.checks} checks.\n`,
  );
}

function printList(options: ListOptions): void {
  const checks = catalogue();
  if (!options.trace) {
    if (options.format === 'json') write(`${JSON.stringify(checks, null, 2)}\n`);
    else checksAsText(checks);
    return;
  }
  const entries = trace(checks);
  if (options.format === 'text') {
    traceAsText(entries, checks);
    return;
  }
  write(`${JSON.stringify({ rules: traceJson(entries), summary: traceSummary(entries, checks) }, null, 2)}\n`);
}

export const list = new Command('list')
  .description(
    "print every check by group, or with --trace every rule of the API reference and of the spec's extensions " +
      'with the checks that verify it, without contacting a deployment',
  )
  .option('--trace', "every rule of the reference and of the spec's extensions with its checks, or why none does")
  .addOption(new Option('--format <format>', 'text or json').choices(['text', 'json']).default('text'))
  .addHelpText(
    'after',
    examples(
      'whctl conformance list',
      'whctl conformance list | grep rate_limit',
      'whctl conformance list --trace',
      "whctl conformance list --trace --format json | jq '.rules[] | select(.unchecked) | .id'",
    ),
  )
  .action(printList);
