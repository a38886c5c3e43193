// `whctl conformance list`: every check by group, or with --trace every rule of the API
// reference with the checks that verify it (or why none can), without a deployment.
import { type CheckInfo, catalogue, type TraceEntry, trace, UNCHECKED_WHY } from '@warehouse-kit/conformance';
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

/** Counts for the closing line and the JSON summary. */
function summaryOf(entries: TraceEntry[], checks: CheckInfo[]) {
  const rules = entries.filter((entry) => entry.kind === 'rule');
  const unchecked = rules.filter((entry) => !entry.checks.length);
  const open = entries.filter((entry) => entry.kind === 'open');
  const why = Object.fromEntries(
    Object.keys(UNCHECKED_WHY).map((key) => [key, unchecked.filter((entry) => entry.unchecked?.why === key).length]),
  );
  return {
    rules: rules.length,
    checked: rules.length - unchecked.length,
    unchecked: unchecked.length,
    unchecked_why: why,
    open: open.length,
    open_settled: open.filter((entry) => entry.checks.length).length,
    checks: checks.length,
  };
}

function traceAsText(entries: TraceEntry[], checks: CheckInfo[]): void {
  let section: string | undefined;
  for (const entry of entries) {
    if (entry.section !== section) {
      section = entry.section;
      write(`\n§${section} ${entry.sectionTitle}\n`);
    }
    write(`  ${entry.id}${entry.kind === 'open' ? ' (open)' : ''}  ${entry.words}\n`);
    const by = entry.kind === 'open' ? 'settled by ' : '';
    for (const check of entry.checks) write(`      ${by}${check.group}: ${check.title}\n`);
    if (entry.unchecked) write(`      unchecked (${UNCHECKED_WHY[entry.unchecked.why]}): ${entry.unchecked.detail}\n`);
    else if (!entry.checks.length)
      write(entry.kind === 'open' ? '      left open: no check\n' : '      unchecked: no reason recorded\n');
  }
  const s = summaryOf(entries, checks);
  const why = Object.entries(s.unchecked_why)
    .filter(([, count]) => count)
    .map(([key, count]) => `${count} ${UNCHECKED_WHY[key as keyof typeof UNCHECKED_WHY]}`)
    .join(', ');
  write(
    `\n${s.rules} rules: ${s.checked} checked, ${s.unchecked} unchecked${why ? ` (${why})` : ''}; ` +
      `${s.open} open points, ${s.open_settled} settled by checks of our decisions; ${s.checks} checks.\n`,
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
  const rules = entries.map(({ checks: verifying, ...entry }) => ({
    ...entry,
    checks: verifying.map((check) => `${check.group}: ${check.title}`),
  }));
  write(`${JSON.stringify({ rules, summary: summaryOf(entries, checks) }, null, 2)}\n`);
}

export const list = new Command('list')
  .description(
    'print every check by group, or with --trace every rule of the API reference and the checks that verify it, ' +
      'without contacting a deployment',
  )
  .option('--trace', 'every rule of the reference with its checks, or why none can check it')
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
