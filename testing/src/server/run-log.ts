// The log of a test run: every in-process server's log lines and everything a child server
// prints go to one file, and the run ends with a check that no token of any fixture the
// harness provisioned appears in it (DECISIONS 85). Tokens are sent with nearly every request
// of the run, so a server that logged a header, a token-bearing query or an error quoting one
// would fail the run.
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Fixture } from '@warehouse-kit/server';
import { type DestinationStream, pino } from 'pino';

/** Set by the mocha global fixture, so child processes append to the same file. */
export const RUN_LOG_ENV = 'WH_TEST_RUN_LOG';

export function runLogPath(): string {
  process.env[RUN_LOG_ENV] ??= join(mkdtempSync(join(tmpdir(), 'wh-run-log-')), 'run.log');
  return process.env[RUN_LOG_ENV];
}

let destination: DestinationStream | undefined;

/** Where in-process servers log: synchronous appends, so lines never interleave mid-line. */
export function runLogDestination(): DestinationStream {
  destination ??= pino.destination({ dest: runLogPath(), append: true, sync: true, mkdir: true });
  return destination;
}

/** Appends whole lines of a child process's output; a partial last line waits for its end. */
export function runLogWriter(source: string): { write(chunk: string): void; end(): void } {
  let pending = '';
  const flush = (text: string) => text && appendFileSync(runLogPath(), text.replace(/^/gm, `[${source}] `));
  return {
    write(chunk) {
      const text = pending + chunk;
      const cut = text.lastIndexOf('\n') + 1;
      pending = text.slice(cut);
      flush(text.slice(0, cut));
    },
    end() {
      flush(pending && `${pending}\n`);
      pending = '';
    },
  };
}

const tokens = new Set<string>();

/** Remembers the tokens of a fixture the harness provisions, for the check at the end of the run. */
export function recordFixtureTokens(fixture: Fixture): void {
  for (const organization of fixture.organizations) for (const user of organization.users ?? []) tokens.add(user.token);
}

/** The recorded tokens that appear in `log`. */
export function tokensIn(log: string, candidates: Iterable<string> = tokens): string[] {
  return [...candidates].filter((token) => log.includes(token));
}

/** Throws when the run's log holds a recorded token, or holds no request although tokens were used. */
export function checkRunLog(): void {
  if (tokens.size === 0) return;
  const path = runLogPath();
  const log = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (!log.includes('"msg":"request"'))
    throw new Error(`the run's log ${path} holds no request line, so it cannot show that tokens stay out of it`);
  const found = tokensIn(log);
  if (found.length > 0) {
    const line = log.split('\n').findIndex((text) => found.some((token) => text.includes(token))) + 1;
    throw new Error(
      `the run's log ${path} holds ${found.length} of the ${tokens.size} fixture tokens (first at line ${line})`,
    );
  }
}
