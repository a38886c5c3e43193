// The quick starts of sdk/README.md and of the integrators' guide, compiled strict and run as
// printed against the demo of `npm start` (its port aside): each creates an order the demo does not
// have, with the expected time Toronto DC requires, and lists orders. Run again, the SDK's stops on
// the 422 in a few lines, its first the API's answer.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runNode, tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { ROOT } from '../src/workspace.js';
import { type Demo, startDemo } from './support/demo.js';
import { fencedBlocks, section } from './support/markdown.js';
import { sdkProjectSetup } from './support/new-project.js';

/** The first TypeScript block of a section, as printed. */
function quickStart(file: string, heading: string): string {
  const { text, line } = section(readFileSync(join(ROOT, file), 'utf8'), heading);
  const block = fencedBlocks(text, line).find((candidate) => candidate.lang === 'ts');
  if (!block) throw new Error(`${file}: "${heading}" has no ts block`);
  return block.body;
}

const QUICK_STARTS = {
  sdk: quickStart('sdk/README.md', '## Quick start'),
  integrators: quickStart('docs/integrators.md', '## SDK (for integrators)'),
};

const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');

describe('the quick starts of the SDK, run as printed against the demo', function () {
  this.timeout(120_000);
  let demo: Demo;
  /** Each quick start's compiled program. */
  const programs = {} as Record<keyof typeof QUICK_STARTS, string>;

  before(async () => {
    demo = await startDemo();
    await demo.snapshot();
    // A project as sdk/README.md sets one up, with the checkout's packages for the installed SDK.
    const project = tempDir('wh-quick-starts-');
    symlinkSync(join(ROOT, 'node_modules'), join(project, 'node_modules'));
    writeFileSync(join(project, 'package.json'), '{ "private": true, "type": "module" }\n');
    writeFileSync(join(project, 'tsconfig.json'), sdkProjectSetup().tsconfig);
    mkdirSync(join(project, 'src'));
    for (const [name, body] of Object.entries(QUICK_STARTS)) {
      writeFileSync(
        join(project, 'src', `${name}.ts`),
        body.replaceAll('localhost:3000', `localhost:${demo.server.port}`),
      );
      programs[name as keyof typeof QUICK_STARTS] = join(project, 'dist', `${name}.js`);
    }
    const built = spawnSync(process.execPath, [TSC, '-p', project], { encoding: 'utf8' });
    // tsc prints its diagnostics on stdout.
    expect(built.status, built.stdout + built.stderr).to.equal(0);
  });
  afterEach(() => demo.restore());
  after(() => demo?.stop());

  it("sdk/README.md's creates PO-2001 at Toronto DC and lists it; again, it stops on the 422 in a few lines", async () => {
    const first = await runNode(programs.sdk, []);
    expect(first.code, first.stderr).to.equal(0);
    expect(first.stdout)
      .to.match(/^created PO-2001 \(id \d+\)$/m)
      .and.match(/^\d+ PO-2001 Toronto DC$/m);
    const again = await runNode(programs.sdk, []);
    expect(again.code).to.equal(1);
    expect(again.stderr).to.match(
      /^ValidationError: POST \/api\/v1\/purchase_orders answered 422: po_number has already been taken \(request id \S+\)$/m,
    );
    expect(again.stderr.trim().split('\n').length, again.stderr).to.be.below(30);
    expect(again.stderr).not.to.match(/Response \{|Headers/);
  });

  it("the integrators' guide's creates PO-2002, moves it to Vancouver DC and lists every order", async () => {
    const run = await runNode(programs.integrators, []);
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout)
      .to.match(/^PO-2002 Vancouver DC$/m)
      .and.match(/^PO-1001 Toronto DC$/m);
  });
});
