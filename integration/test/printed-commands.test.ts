// Every command the kit prints for a person to copy, run as printed against the demo of
// `npm start` (a command a person copies is a test, or it goes stale unseen): the examples of every whctl and wh-server
// command's help, and every shell block of README.md, each folder's README and docs/. An
// example added later, or a block moved into docs/, is picked up without touching this file.
// Only the connection is substituted (support/example-world.ts). Commands that read run side by
// side; commands that change the deployment run one at a time, each on the demo as it was
// (support/demo.ts); a command that follows until Ctrl-C is sent SIGINT once it says it is ready.
import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { ROOT } from '../src/workspace.js';
import { type ExampleWorld, type Ran, startExampleWorld } from './support/example-world.js';
import { helpExamples, loadHelp } from './support/help-examples.js';
import { documentationFiles, shellBlocks } from './support/markdown-commands.js';
import { printedUnits, type Unit } from './support/printed-units.js';
import { commandOf, parseLine, type ShellLine } from './support/shell-line.js';

/**
 * Lines that cannot run here, and why. Every other printed line runs, so one that fails is a
 * fault of the line or of the command it shows.
 */
const NOT_RUN: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^npm (ci|install)\b/,
    why: 'installs packages: packages/published.test.ts (npm run test:packages) runs each that installs the kit, against a registry it releases the kit to',
  },
  {
    pattern: /\bnpx --yes @warehouse-kit\//,
    why: 'fetches the package from a registry: packages/published.test.ts (npm run test:packages) runs each, against a registry it releases the kit to',
  },
  { pattern: /\bwh-server start\b/, why: 'starts a server, as this test starts the demo (wh-server start --demo)' },
  {
    pattern: /https?:\/\/(server:3000|127\.0\.0\.1:9464)\//,
    why: 'asks the server the line before it starts, with metrics settings of its own (server/test covers them)',
  },
  { pattern: /postgres:\/\/\S*@db\b/, why: 'a database on another machine' },
  { pattern: /^npm start\b/, why: 'starts the demo, as this test does: npm-start.test.ts runs it on a free port' },
  {
    pattern: /\bconformance (-- )?run\b(?!.*--grep)/,
    why:
      'a whole conformance run takes one to three minutes, mostly waiting out rate limits: ' +
      'conformance-reference-server.test.ts runs the README one against the demo (a run narrowed with --grep runs here)',
  },
  {
    pattern: /^npm run fuzz\b/,
    why: 'a campaign of 20,000 requests takes minutes: fuzz/test/reference-server.test.ts runs a smaller one in npm test',
  },
  {
    pattern: /^npm run test:node\d+\b/,
    why: 'installs another Node and npm, then reinstalls the checkout and runs its tests there: .ci/run runs both',
  },
  { pattern: /^npx prism proxy\b/, why: 'a proxy that runs until stopped: prism-proxy.test.ts runs it' },
  {
    pattern: /\bnpx (openapi-ts|orval|openapi-zod-client|swagger-typescript-api|kubb) /,
    why: 'a generator the line before installs from the registry: generated-clients.test.ts (npm run generators) runs both',
  },
  { pattern: /\.\.\.(\s|'|$)/, why: "a placeholder (...) for the reader's own value" },
  { pattern: /^whctl conformance init$/, why: 'asks at a terminal for what its flags leave out' },
];

const notRun = (line: ShellLine) => NOT_RUN.find(({ pattern }) => pattern.test(line.code))?.why;

const tools = await loadHelp();
const documentation = documentationFiles(ROOT);
const { units, leftOut } = printedUnits(
  tools,
  helpExamples(tools),
  documentation.flatMap((file) => shellBlocks(ROOT, file)),
  notRun,
);

const zshInstalled = spawnSync('zsh', ['--version']).status === 0;

/** Runs tasks with at most `concurrency` of them at once, in the order they were given. */
function queue(concurrency: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** What a unit must show: it ran to the end (or followed until interrupted) and printed its answer. */
function expectRan(unit: Unit, outcome: Ran) {
  const shown = `${unit.script}\nexit ${outcome.code ?? outcome.signal}\nstdout:\n${outcome.stdout}\nstderr:\n${outcome.stderr}`;
  if (unit.kind === 'follows') {
    expect(outcome.interrupted, `still running when interrupted:\n${shown}`).to.equal(true);
    // Ctrl-C ends whctl with 0; a program it pipes into may end by the signal too, as at a terminal.
    expect(outcome.code === 0 || outcome.code === 130 || outcome.signal === 'SIGINT', shown).to.equal(true);
    expect(outcome.stderr, shown).not.to.match(/^(whctl|wh-server): /m);
    return;
  }
  expect(outcome.code, shown).to.equal(0);
  if (/\s--query\s/.test(unit.script))
    expect(outcome.stdout.trim(), `prints what --query picks:\n${shown}`).to.match(/^(?!null$)./m);
  if (unit.kind === 'reads') {
    const written = unit.outputFiles.map((file) =>
      readFileSync(file.startsWith('~/') ? join(outcome.home, file.slice(2)) : join(outcome.folder, file), 'utf8'),
    );
    expect([outcome.stdout, ...written].join('').trim(), `prints its answer:\n${shown}`).not.to.equal('');
  }
}

describe('every command printed in help and the documentation, run against the demo', function () {
  // Reading commands run side by side from the start; each test waits for its own.
  this.timeout(120_000);
  let world: ExampleWorld;
  let started: Map<Unit, Promise<Ran>>;

  before(async () => {
    world = await startExampleWorld();
    // Three at a time keep both CPUs busy without starving the demo.
    const turn = queue(3);
    started = new Map(
      units.filter((unit) => unit.kind !== 'changes').map((unit) => [unit, turn(() => world.run(unit))]),
    );
    for (const outcome of started.values()) outcome.catch(() => undefined);
  });
  after(() => world?.demo.stop());

  it('finds the examples of every command and the blocks of every README', () => {
    expect(documentation).to.include.members([
      'README.md',
      'cli/README.md',
      'server/README.md',
      'sdk/README.md',
      'docs/integrators.md',
      'docs/ops.md',
      'docs/vendors.md',
      'docs/operators.md',
      'docs/contributors.md',
    ]);
    expect(units.filter((unit) => !unit.checkout).length).to.be.greaterThan(80);
    expect(units.filter((unit) => unit.checkout).length).to.be.greaterThan(15);
  });

  it("uses each command's --query example in one of that command's examples, which run below", () => {
    const whctl = tools.find((tool) => tool.tool === 'whctl')!;
    const queries = helpExamples(tools).flatMap(({ line }) =>
      parseLine(line)
        .invocations.filter((invocation) => invocation.program === 'whctl' && invocation.words.includes('--query'))
        .map(({ words }) => `${commandOf(whctl, words).path} ${words[words.indexOf('--query') + 1]}`),
    );
    const offering = [...whctl.helps].filter(([, help]) => /--query <expr>/.test(help));
    expect(offering.length).to.be.greaterThan(30);
    for (const [path, help] of offering) {
      const example = /--query <expr> a JMESPath expression applied to the output, e\.g\. '([^']+)'/.exec(
        help.replace(/\s+/g, ' '),
      )?.[1];
      expect(example, `whctl ${path} --help names no --query example`).to.be.a('string');
      expect(queries, `whctl ${path}: its --query example is in none of its examples`).to.include(`${path} ${example}`);
    }
  });

  it("prints no command that only one system has, such as macOS's open or Linux's xdg-open", () => {
    const onlyOneSystem = /(^|[;&|]\s*)(open|xdg-open|start|pbcopy|pbpaste|xclip|clip\.exe)\s/m;
    const lines = [...units.map((unit) => unit.script), ...leftOut.map(({ text }) => text)];
    expect(lines.filter((line) => onlyOneSystem.test(line))).to.deep.equal([]);
  });

  it('says --yes on every npx line that fetches a package, which a machine that may not ask would refuse', () => {
    const lines = [...units.map((unit) => unit.script), ...leftOut.map(({ text }) => text)];
    const fetching = lines.filter((line) => /\bnpx (?:--\S+ )*(?:--package\b|-p\b|@)/.test(line));
    expect(fetching.length).to.be.greaterThan(2);
    expect(fetching.filter((line) => !/\bnpx (?:--\S+ )*--yes\b/.test(line))).to.deep.equal([]);
  });

  it('leaves out only lines of the list, each entry still naming a printed line', () => {
    for (const { pattern } of NOT_RUN)
      expect(
        leftOut.some(({ text }) => pattern.test(parseLine(text).code)),
        `${pattern} names no printed line: drop it`,
      ).to.equal(true);
  });

  describe('commands that read', () => {
    for (const unit of units.filter((candidate) => candidate.kind !== 'changes'))
      it(unit.title, async function () {
        if (unit.shell === 'zsh' && !zshInstalled) this.skip(); // zsh is not installed here (apt-get install zsh)
        expectRan(unit, await started.get(unit)!);
      });

    it('leave the demo as it was', async () => {
      expect(await world.demo.eventsSinceSnapshot(), 'events written by the reading commands').to.equal(0);
    });
  });

  describe('commands that change the deployment, each on the demo as it was', () => {
    afterEach(() => world.demo.restore());
    for (const unit of units.filter((candidate) => candidate.kind === 'changes'))
      it(unit.title, async () => expectRan(unit, await world.run(unit)));
  });

  it("resolves npx whctl and npx wh-server to the workspace's bins, which npm ci links before the build", () => {
    for (const [bin, folder] of [
      ['whctl', 'cli'],
      ['wh-server', 'server'],
    ] as const) {
      expect(realpathSync(join(ROOT, 'node_modules', '.bin', bin))).to.equal(join(ROOT, folder, 'bin', `${bin}.js`));
    }
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const result = spawnSync(
      'bash',
      ['-c', 'npx --no-install whctl --version && npx --no-install wh-server --version'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: tempDir('wh-npx-home-'), npm_config_offline: 'true' },
      },
    );
    expect(result.stdout, result.stderr).to.equal(`${version}\n${version}\n`);
  });
});
