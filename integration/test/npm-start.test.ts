// `npm start` in a checkout, as the README prints it to change its port: the demo comes up on
// that port, a Node client without the SDK reaches its organization at the base host
// (DECISIONS 462), and Ctrl-C stops it with status 0. Under npm test this is npm 11 on Node 20;
// the Node 24 step of .ci/run runs it with npm 12 on Node 24, after its own npm ci.
import { spawn } from 'node:child_process';
import { eventually } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { ROOT } from '../src/workspace.js';
import { createDatabase } from './support/demo.js';
import { shellBlocks } from './support/markdown-commands.js';

/** The README's line that starts the demo on another port. */
function portLine(): string {
  const lines = shellBlocks(ROOT, 'README.md').flatMap((block) => block.commands.map((command) => command.text));
  const line = lines.find((text) => /^npm start -- --port \d+\b/.test(text));
  if (!line) throw new Error('README.md prints no "npm start -- --port N" line');
  return line;
}

describe('npm start, on the port the README gives', function () {
  this.timeout(120_000);

  it('serves the demo there, answers a plain Node fetch at the base host as Acme, and stops on Ctrl-C', async () => {
    const printed = portLine();
    const port = Number(/--port (\d+)/.exec(printed)![1]);
    // Port 0: the system's choice, which the banner then names.
    const line = printed.replace(`--port ${port}`, '--port 0');
    const database = await createDatabase();
    // A process group of its own, as a terminal runs a job, so that SIGINT reaches npm and the server.
    const child = spawn('bash', ['-c', line], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, DATABASE_URL: database.url, WH_LOG_LEVEL: 'info', npm_config_update_notifier: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk));
    const exited = new Promise<string>((resolve) =>
      child.once('close', (code, signal) => resolve(`${code ?? signal}`)),
    );
    try {
      const bound = await eventually(
        'npm start to say where it listens',
        async () => {
          if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
          return /^wh-server \S+ listening on http:\/\/127\.0\.0\.1:(\d+)/m.exec(output)?.[1];
        },
        90_000,
      );
      const answer = await fetch(`http://localhost:${bound}/api/v1/locations`, {
        headers: { Authorization: 'Token acme-admin-token' },
      });
      expect(answer.status, output).to.equal(200);
      const names = ((await answer.json()) as { name: string }[]).map((location) => location.name);
      expect(names).to.deep.equal(['Auckland DC', 'Toronto DC', 'Vancouver DC']);
      process.kill(-child.pid!, 'SIGINT');
      // As at a terminal: npm (and the shell) may end by the signal; the server stops cleanly.
      expect(['0', '130', 'SIGINT'], output).to.include(await exited);
      expect(output).to.match(/"msg":"stopped"/);
    } finally {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
      await exited;
      await database.drop();
    }
  });
});
