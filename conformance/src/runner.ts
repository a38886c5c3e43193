// Runs the selected groups against a deployment with mocha's programmatic API and returns
// the verdict. It writes nothing but the human report (and JUnit XML when asked); the
// command decides what to do with the verdict.
import { CONTRACT_VERSION } from '@warehouse-kit/spec';
import Mocha from 'mocha';
import { addGroup, type CheckGroup } from './check.js';
import { events } from './checks/events.js';
import { createRunContext, type RobustnessSettings } from './context.js';
import { markFeed } from './fixtures/events.js';
import { HarRecorder } from './har.js';
import { preflight } from './preflight.js';
import type { Profile } from './profile.js';
import { coverageOf } from './report/coverage.js';
import { combinedReporter, consoleReporter } from './reporters.js';
import { traceOfRun } from './trace.js';
import { collectVerdict, type Verdict, type VerdictCollector } from './verdict.js';
import { version } from './version.js';

export interface RunSettings {
  profile: Profile;
  groups: CheckGroup[];
  /** Only checks whose full title matches (mocha's --grep). */
  grep?: string;
  /** Mocha's reporter for stdout: spec, dot, tap... */
  reporter: string;
  junitFile?: string;
  allowAppointments: boolean;
  log: (line: string) => void;
  /** Aborting stops the run after the current check; the clean-up still runs. */
  signal?: AbortSignal;
  /** Where to write every exchange of the run as HAR 1.2, tokens redacted. */
  harFile?: string;
  /** The robustness group's budget and seed; a random seed and 200 requests when absent. */
  robustness?: Partial<RobustnessSettings>;
}

/** Every token the profile names: none of them may appear in a reproduction or a HAR file. */
function secretsOf(profile: Profile): string[] {
  const { admin, rateLimit, readOnly, noAccess, unpaid, noAdmin } = profile.tokens;
  return [
    admin,
    rateLimit,
    readOnly?.token,
    noAccess?.token,
    unpaid?.token,
    noAdmin,
    ...profile.locations.map((location) => location.token),
  ].filter((token): token is string => Boolean(token));
}

/**
 * Whether mocha will run any check of `suite` (the events group's, so that the run marks the
 * feed first): as its runner decides, by its --grep, already parsed, against each full title.
 */
export function runsAnyCheck(mocha: Mocha, suite: Mocha.Suite | undefined): boolean {
  const { grep } = mocha.options;
  return (suite?.tests ?? []).some((test) => !(grep instanceof RegExp) || grep.test(test.fullTitle()));
}

export async function runConformance(settings: RunSettings): Promise<Verdict> {
  const { profile, groups, signal } = settings;
  const human = consoleReporter(settings.reporter);
  const har = settings.harFile ? new HarRecorder(secretsOf(profile)) : undefined;

  const ctx = createRunContext(profile, {
    allowAppointments: settings.allowAppointments,
    log: settings.log,
    ...(settings.robustness && { robustness: settings.robustness }),
    ...(har && { har }),
  });
  try {
    await preflight(ctx);
  } finally {
    // Even a run that stops at the preflight leaves the exchange that stopped it.
    if (har) har.write(settings.harFile!);
  }

  let collector: VerdictCollector | undefined;
  const mocha = new Mocha({
    reporter: combinedReporter({
      console: human,
      ...(settings.junitFile && { junitFile: settings.junitFile }),
      listeners: [(runner) => (collector = collectVerdict(runner))],
    }),
    ...(settings.grep && { grep: settings.grep }),
    // Requests, not computations: a check waiting out a 429 is not slow in mocha's sense.
    slow: 5_000,
  });
  const suites = new Map(groups.map((group) => [group, addGroup(mocha.suite, group, ctx)]));
  // A root hook, so it runs before every group, whichever comes first.
  if (profile.extensions.events && runsAnyCheck(mocha, suites.get(events)))
    mocha.suite.beforeAll('mark where the change feed stands', async () => {
      ctx.feedStart = await markFeed(ctx);
    });
  mocha.suite.afterAll('clean up what the run created', async function (this: Mocha.Context) {
    // Each request has its own timeout, and a rate-limit wait may be needed to finish.
    this.timeout(0);
    await ctx.cleanup.drain();
    const failures = ctx.cleanup.failures;
    if (failures.length)
      throw new Error(
        'could not undo, so these are still in the deployment:\n' +
          `${failures.map((f) => `  - ${f.label}: ${f.error}`).join('\n')}`,
      );
  });

  const started = new Date();
  await new Promise<void>((resolve) => {
    const runner = mocha.run(() => resolve());
    // A signal during the preflight has already fired: no check runs then.
    if (signal?.aborted) runner.abort();
    else signal?.addEventListener('abort', () => runner.abort(), { once: true });
  });
  // The run always ends with the clean-up hook, but a second drain costs nothing when it did.
  await ctx.cleanup.drain();
  if (har) har.write(settings.harFile!);
  const finished = new Date();

  const checks = collector?.checks ?? [];
  const errors = collector?.errors ?? [];
  const count = (state: string) => checks.filter((check) => check.state === state).length;
  const leftBehind = [...ctx.cleanup.failures.map((f) => f.label), ...ctx.cleanup.pending];
  const failed = count('failed') > 0 || count('blocked') > 0 || errors.length > 0 || leftBehind.length > 0;
  return {
    verdict: signal?.aborted ? 'interrupted' : failed ? 'fail' : 'pass',
    deployment: {
      organization: profile.organization,
      profile: profile.file,
      contract_version: ctx.contractVersion ?? null,
    },
    run: {
      prefix: ctx.prefix,
      suite_version: version,
      contract_version: CONTRACT_VERSION,
      started_at: started.toISOString(),
      finished_at: finished.toISOString(),
      duration_ms: finished.getTime() - started.getTime(),
      groups: groups.map((group) => group.name),
      ...(settings.grep && { grep: settings.grep }),
      allow_appointments: settings.allowAppointments,
      ...(groups.some((group) => group.name === 'robustness') && { robustness: ctx.robustness }),
      requests: Object.fromEntries(
        ctx.endpoints.filter((endpoint) => endpoint.sent > 0).map((endpoint) => [endpoint.label, endpoint.sent]),
      ),
    },
    summary: {
      total: checks.length,
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      blocked: count('blocked'),
    },
    checks,
    errors,
    cleanup: { undone: ctx.cleanup.outcomes.filter((o) => o.error === undefined), left_behind: leftBehind },
    coverage: coverageOf(checks),
    trace: traceOfRun(checks),
  };
}
