// The CI jobs the vendors' guide shows (docs/ci/): valid YAML, real actions, whctl flags that
// exist, and the reports they upload the ones the command writes (DECISIONS 204).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parseDocument } from 'yaml';
import { ROOT } from '../src/workspace.js';
import { whctl } from './support/whctl.js';

/** Well-known actions and the major versions a job may use. */
const knownActions: Record<string, string[]> = {
  'actions/checkout': ['v4', 'v5'],
  'actions/setup-node': ['v4', 'v5'],
  'actions/upload-artifact': ['v4'],
};

function readJob(name: string): { text: string; value: Record<string, any> } {
  const text = readFileSync(join(ROOT, 'docs/ci', name), 'utf8');
  const parsed = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  expect(parsed.errors.map(String), name).to.deep.equal([]);
  expect(parsed.warnings.map(String), name).to.deep.equal([]);
  return { text, value: parsed.toJS() as Record<string, any> };
}

/** The `whctl conformance run` command lines of a job, split into words (quotes removed). */
function whctlRuns(text: string): string[][] {
  return [...text.matchAll(/whctl conformance run ([^\n]+)/g)].map((match) =>
    match[1]!.split(/\s+/).map((word) => word.replace(/^["']|["']$/g, '')),
  );
}

/** The value of `--name` in a command's words. */
const option = (words: string[], name: string) => words[words.indexOf(name) + 1];

describe("the CI jobs the vendors' guide shows", () => {
  let help: string;
  const github = readJob('github-actions.yml');
  const gitlab = readJob('gitlab-ci.yml');

  before(async () => {
    const run = await whctl(['conformance', 'run', '--help']);
    expect(run.code, run.stderr).to.equal(0);
    help = run.stdout;
  });

  it("are quoted in the vendors' guide exactly as the files hold them", () => {
    const guide = readFileSync(join(ROOT, 'docs/vendors.md'), 'utf8');
    for (const job of [github, gitlab]) expect(guide).to.include(job.text.trimEnd());
  });

  it('use only well-known actions at a major version that exists', () => {
    const steps = Object.values(github.value.jobs as Record<string, { steps: { uses?: string }[] }>).flatMap(
      (job) => job.steps,
    );
    const uses = steps.flatMap((step) => (step.uses ? [step.uses] : []));
    expect(uses).to.include('actions/upload-artifact@v4');
    for (const action of uses) {
      const [name, version] = action.split('@');
      expect(knownActions[name!], action).to.include(version);
    }
  });

  it('run whctl with flags it has, and upload junit.xml, report.html and the HAR it writes', () => {
    const flags = new Set(help.match(/--[a-z-]+/g));
    expect(flags).to.include('--report-dir');
    const uploads = {
      github: String(
        (github.value.jobs.conformance.steps as { uses?: string; with?: { path: string } }[]).find((step) =>
          step.uses?.startsWith('actions/upload-artifact'),
        )?.with?.path,
      )
        .split('\n')
        .filter(Boolean),
      gitlab: gitlab.value.conformance.artifacts.paths as string[],
    };
    for (const [name, job] of Object.entries({ github, gitlab })) {
      const runs = whctlRuns(job.text);
      expect(runs, name).to.have.length(1);
      const words = runs[0]!;
      for (const word of words.filter((w) => w.startsWith('-'))) expect(flags, `${name}: ${word}`).to.include(word);
      const reportDir = option(words, '--report-dir');
      const har = option(words, '--har');
      expect(uploads[name as keyof typeof uploads], name).to.include.members([
        `${reportDir}/junit.xml`,
        `${reportDir}/report.html`,
        har,
      ]);
    }
    expect(gitlab.value.conformance.artifacts.reports.junit).to.equal('reports/junit.xml');
  });

  it('keep the tokens in secrets: the profile names them by token_env, and no job holds one', () => {
    for (const job of [github, gitlab]) {
      expect(job.text).to.match(/token_env/);
      expect(job.text).not.to.match(/Token [A-Za-z0-9]/);
    }
    expect(github.text).to.match(/\$\{\{ secrets\.WH_CONFORMANCE_PROFILE \}\}/);
  });
});
