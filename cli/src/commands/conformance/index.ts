// `whctl conformance run`, `init` and `list`: the conformance suite's command line.
// It throws ConformanceErrors carrying an exit code, and CommanderErrors for usage; whctl's
// entry point maps them (see main.ts and failure.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ChecksFailedError,
  InterruptedError,
  loadProfile,
  renderReport,
  runConformance,
  selectableNames,
  selectGroups,
  UsageError,
  type Verdict,
} from '@warehouse-kit/conformance';
import { Command, Option } from 'commander';
import { wholeNumber } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { init } from './init.js';
import { list } from './list.js';

interface RunOptions {
  deployment?: string;
  /** `-p`, the deprecated spelling of --deployment. */
  profile?: string;
  checks?: string[];
  skip?: string[];
  grep?: string;
  reporter: string;
  reportDir?: string;
  har?: string;
  allowAppointments?: boolean;
  budget?: number;
  seed?: number;
}

const commaList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** What the human report cannot say: skipped and blocked checks with their reasons, the clean-up, the files. */
function summarize(verdict: Verdict, files: string[]): void {
  const skipped = verdict.checks.filter((check) => check.state === 'skipped');
  if (skipped.length) {
    log(`\nSkipped (not applicable to this profile or run):`);
    for (const check of skipped) log(`  - ${check.title}: ${check.reason ?? 'skipped'}`);
  }
  const blocked = verdict.checks.filter((check) => check.state === 'blocked');
  if (blocked.length) {
    log(`\nBlocked (something they need could not be had; the check named reports the cause):`);
    for (const check of blocked) log(`  - ${check.title}: ${check.reason}`);
  }
  const cancelled = verdict.cleanup.undone.filter(
    (entry) => entry.outcome !== 'deleted' && entry.outcome !== 'already gone',
  );
  log(`\nClean-up: ${verdict.cleanup.undone.length} record(s) created by run ${verdict.run.prefix} undone.`);
  for (const entry of cancelled) log(`  - ${entry.label}: ${entry.outcome}`);
  if (verdict.cleanup.left_behind.length) {
    log(`Left in the deployment (could not be undone):`);
    for (const label of verdict.cleanup.left_behind) log(`  - ${label}`);
  }
  for (const file of files) log(`Report: ${file}`);
}

/** Stops the run on the first SIGINT or SIGTERM (the clean-up still runs); gives up at once on the second. */
function interruptions(controller: AbortController): { forced: Promise<never>; dispose: () => void } {
  let onSignal: (signal: NodeJS.Signals) => void = () => undefined;
  const forced = new Promise<never>((_, reject) => {
    onSignal = (signal) => {
      if (!controller.signal.aborted) {
        log(`\n${signal}: stopping after the current check, then cleaning up (send it again to stop at once)`);
        controller.abort();
      } else {
        reject(
          new InterruptedError(
            `${signal} again: stopped without finishing the clean-up; ` +
              'records named with the run prefix may be left in the deployment',
          ),
        );
      }
    };
  });
  process.on('SIGINT', onSignal).on('SIGTERM', onSignal);
  return { forced, dispose: () => process.off('SIGINT', onSignal).off('SIGTERM', onSignal) };
}

/**
 * The value of a `--profile` that the command line gives after `conformance`, where it used to
 * name this command's file. Under whctl, whose global `--profile` names a config profile,
 * commander hands that value to the program wherever it stands; only its place tells the old
 * spelling (`whctl conformance run --profile deployment.yaml`) from the global option
 * (`whctl --profile staging conformance run ...`), which this command leaves alone.
 */
function profileAfterCommand(run: Command): string | undefined {
  let root = run;
  while (root.parent) root = root.parent;
  const conformance = run.parent;
  if (!conformance || root === run) return undefined;
  // Commander keeps the arguments it parsed, but does not declare the field.
  const args = (root as Command & { rawArgs?: string[] }).rawArgs ?? [];
  const end = args.includes('--') ? args.indexOf('--') : args.length;
  const after = args.slice(args.indexOf(conformance.name()) + 1, end);
  const given = after.some((arg) => arg === '--profile' || arg.startsWith('--profile='));
  return given ? (root.opts() as RunOptions).profile : undefined;
}

/** The deployment's profile file: --deployment, or the deprecated spelling with a note on stderr. */
function deploymentFile(options: RunOptions, command: Command): string {
  if (options.deployment) return options.deployment;
  const file = options.profile ?? profileAfterCommand(command);
  if (file) {
    log(
      'whctl: conformance run --profile <file> is deprecated and will be removed; use --deployment <file> (-d). ' +
        "--profile is whctl's global option naming a config profile.",
    );
    return file;
  }
  throw new UsageError(
    '--deployment <file> is required: the YAML profile naming the deployment, its tokens and locations',
  );
}

async function run(options: RunOptions, command: Command): Promise<void> {
  const profile = loadProfile(deploymentFile(options, command));
  const groups = selectGroups(options.checks, options.skip);
  const files: string[] = [];
  let junitFile: string | undefined;
  if (options.reportDir) {
    mkdirSync(options.reportDir, { recursive: true });
    junitFile = join(options.reportDir, 'junit.xml');
    files.push(junitFile);
  }

  const controller = new AbortController();
  const { forced, dispose } = interruptions(controller);
  let verdict: Verdict;
  try {
    verdict = await Promise.race([
      runConformance({
        profile,
        groups,
        reporter: options.reporter,
        allowAppointments: options.allowAppointments ?? false,
        log,
        signal: controller.signal,
        ...(options.grep && { grep: options.grep }),
        ...(junitFile && { junitFile }),
        ...(options.har && { harFile: options.har }),
        robustness: {
          ...(options.budget !== undefined && { budget: options.budget }),
          ...(options.seed !== undefined && { seed: options.seed }),
        },
      }),
      forced,
    ]);
  } finally {
    dispose();
  }

  if (options.har) files.push(options.har);
  if (options.reportDir) {
    const file = join(options.reportDir, 'verdict.json');
    writeFileSync(file, `${JSON.stringify(verdict, null, 2)}\n`);
    const page = join(options.reportDir, 'report.html');
    writeFileSync(page, renderReport(verdict));
    files.push(file, page);
  }
  summarize(verdict, files);
  const { failed, total, skipped, blocked } = verdict.summary;
  if (verdict.verdict === 'interrupted')
    throw new InterruptedError('interrupted: the run was stopped before every check ran');
  if (verdict.verdict === 'fail') {
    const also = [
      blocked && `${blocked} blocked`,
      verdict.errors.length && `${verdict.errors.length} error(s) outside the checks`,
      verdict.cleanup.left_behind.length && `${verdict.cleanup.left_behind.length} record(s) left behind`,
    ].filter(Boolean);
    throw new ChecksFailedError(`${failed} of ${total} check(s) failed${also.length ? `, ${also.join(', ')}` : ''}`);
  }
  log(`\nConformant: ${total - skipped} check(s) passed${skipped ? `, ${skipped} skipped` : ''}.`);
}

export function conformanceCommand(): Command {
  const command = new Command('conformance')
    .description('Check a deployment of the warehouse API against the contract')
    .addHelpText(
      'after',
      examples(
        'whctl conformance run --deployment deployment.yaml --report-dir reports',
        'whctl conformance list',
        'whctl conformance list --trace',
      ),
    );
  command
    .command('run', { isDefault: true })
    .description(
      'run the conformance checks against the deployment a profile names; exit 0 only when every selected check passed',
    )
    .option('-d, --deployment <file>', 'YAML profile naming the deployment, its tokens and locations (required)')
    // The old spelling, before it clashed with whctl's global --profile (a config profile).
    .addOption(new Option('-p, --profile <file>', 'deprecated: use --deployment').hideHelp())
    .option(
      '--checks <groups>',
      `comma-separated groups to run: ${selectableNames().join(', ')} (default: all but robustness)`,
      commaList,
    )
    .option('--skip <groups>', 'comma-separated groups to leave out, e.g. rate-limits', commaList)
    .option('-g, --grep <pattern>', 'only the checks whose title matches this regular expression')
    .option('-R, --reporter <name>', 'mocha reporter for stdout (spec, dot, tap, ...)', 'spec')
    .option(
      '--report-dir <dir>',
      'also write junit.xml, verdict.json and report.html (one self-contained page: failures, trace, coverage) to this folder',
    )
    .option('--har <file>', 'write every request and answer of the run to this file as HAR 1.2, tokens redacted')
    .option(
      '--allow-appointments',
      'let the suite create appointments, which the API cannot delete (they are cancelled at the end)',
    )
    .option(
      '--budget <requests>',
      'requests the robustness group (run only when --checks names it) may send, shrinking a failure included (default: 200)',
      wholeNumber(40, 100_000),
    )
    .option(
      '--seed <n>',
      "the robustness group's seed: the same seed sends the same requests again (default: random, in verdict.json)",
      wholeNumber(0, 2 ** 31 - 1),
    )
    .addHelpText(
      'after',
      `
Exit status: 0 every selected check passed; 1 a check failed or the clean-up left records
behind; 2 the profile or the options are unusable; 130 interrupted.`,
    )
    .addHelpText(
      'after',
      examples(
        'whctl conformance run --deployment deployment.yaml --report-dir reports',
        'whctl conformance run -d deployment.yaml --checks reference --skip rate-limits',
        'whctl conformance run -d deployment.yaml --har run.har   # open it in devtools: Network, Import HAR',
        "whctl conformance run -d deployment.yaml --grep 'time_zone|offset' --allow-appointments",
        'whctl conformance run -d deployment.yaml --checks robustness --budget 500 --seed 42',
      ),
    )
    .action(run);
  command.addCommand(init);
  command.addCommand(list);
  // Usage errors reach whoever mounts the command as a CommanderError, never as an exit.
  for (const each of [command, ...command.commands]) each.exitOverride();
  return command;
}
