// The README's commands for a checkout, run as written. Its ```sh blocks marked
// `<!-- checkout -->` are meant for a checkout of this repository; their read-only lines
// (versions, help, `wh-server profile`, `whctl ... list`, curl GETs) run here in bash from the
// repository's root, after the block's `export` lines, against the demo of `npm start`. The one
// change made to a line: the demo's port 3000 becomes the port of the demo this test starts.
// Lines that install, build, start servers, write records or open a browser are left out.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ChildServer, startChildServer, stopChildServer, testDatabaseUrl } from '@warehouse-kit/server/testing';
import { tempDir } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { ROOT } from '../src/pack.js';

interface Block {
  /** The line of the README the block's fence is on. */
  line: number;
  /** Its commands, with `\`-continued lines joined. */
  commands: string[];
}

/** The ```sh blocks that follow a `<!-- checkout -->` line. */
function checkoutBlocks(readme: string): Block[] {
  const lines = readme.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]!.trim() !== '<!-- checkout -->') continue;
    if (lines[i + 1] !== '```sh')
      throw new Error(`README.md:${i + 1}: <!-- checkout --> is not followed by a sh block`);
    const commands: string[] = [];
    let pending = '';
    for (let j = i + 2; lines[j] !== '```'; j++) {
      if (j >= lines.length) throw new Error(`README.md:${i + 2}: the block does not end`);
      const text = pending + lines[j]!;
      pending = text.endsWith('\\') ? `${text.slice(0, -1)} ` : '';
      if (!pending && text.trim()) commands.push(text);
    }
    blocks.push({ line: i + 2, commands });
  }
  return blocks;
}

/** The commands that only read, which the test runs: everything else needs a person or changes something. */
const READ_ONLY = [
  /^npx (whctl|wh-server) (--version|--help)(\s|$)/,
  /^npx wh-server profile /,
  /^npx whctl [\w-]+ list(\s|$)/,
  /^curl (?!.*(-X|--request|-d |--data))/,
];

const exported = (command: string) => /^export \w+=/.test(command);

// An HTTP error fails the line as it would a person reading the answer; the line stays as written.
const PRELUDE = 'set -eo pipefail\ncurl() { command curl --fail --silent --show-error "$@"; }\n';

describe('the README, run from a checkout', function () {
  this.timeout(120_000);
  const blocks = checkoutBlocks(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  let demo: ChildServer;
  let home: string;

  before(async () => {
    // The demo of `npm start`, on the test run's database and a free port.
    demo = await startChildServer(['--demo'], { DATABASE_URL: testDatabaseUrl(), WH_BASE_HOST: 'localhost' });
    home = tempDir('wh-readme-home-');
  });
  after(() => stopChildServer(demo.child));

  /** Runs README lines in bash from the repository's root, with only the demo's port changed. */
  function run(lines: string[]) {
    const script = lines.join('\n').replaceAll('localhost:3000', `localhost:${demo.port}`);
    return spawnSync('bash', ['-c', PRELUDE + script], {
      cwd: ROOT,
      encoding: 'utf8',
      // A fresh home, so no whctl profile of the machine's takes part; npx may not go to the registry.
      env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), npm_config_offline: 'true' },
    });
  }

  it('marks the blocks meant for a checkout, each a sh block with commands', () => {
    expect(blocks.length).to.be.greaterThan(4);
    for (const block of blocks) expect(block.commands, `README.md:${block.line}`).not.to.deep.equal([]);
  });

  for (const block of blocks) {
    block.commands.forEach((command, index) => {
      if (!READ_ONLY.some((pattern) => pattern.test(command))) return;
      const exports = block.commands.slice(0, index).filter(exported);
      it(`README.md:${block.line}: ${command}`, () => {
        // The profile line writes demo-profile.yaml in the checkout: whatever was there is put back.
        const profile = join(ROOT, 'demo-profile.yaml');
        const before = existsSync(profile) ? readFileSync(profile) : undefined;
        try {
          const result = run([...exports, command]);
          expect(result.status, `${result.stdout}\n${result.stderr}`).to.equal(0);
          if (command.endsWith('> demo-profile.yaml'))
            expect(readFileSync(profile, 'utf8')).to.include(`http://acme.localhost:${demo.port}`);
          else expect(result.stdout.trim(), 'prints its answer').not.to.equal('');
        } finally {
          if (before) writeFileSync(profile, before);
          else rmSync(profile, { force: true });
        }
      });
    });
  }

  it("resolves npx whctl and npx wh-server to the workspace's bins, which npm ci links before the build", () => {
    for (const [bin, folder] of [
      ['whctl', 'cli'],
      ['wh-server', 'server'],
    ] as const) {
      expect(realpathSync(join(ROOT, 'node_modules', '.bin', bin))).to.equal(join(ROOT, folder, 'bin', `${bin}.js`));
    }
    const result = run(['npx --no-install whctl --version', 'npx --no-install wh-server --version']);
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(result.stdout, result.stderr).to.equal(`${version}\n${version}\n`);
  });
});
