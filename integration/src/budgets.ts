// `npm run budgets`: the packages issue's budgets, measured on tarballs installed alone. Sizes
// and dependencies are also asserted by the packaging tests; start-up time is only printed,
// since timings depend on the machine (median of many runs, side by side with `node -e 0`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forbidden, install, MB, SERVER_ONLY, sizeOf, TEST_FRAMEWORKS } from './install.js';
import { packPackage } from './pack.js';

const RUNS = 40;

function medianMs(command: string, args: string[]): number {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = process.hrtime.bigint();
    execFileSync(command, args, { stdio: 'ignore' });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

const scratch = mkdtempSync(join(tmpdir(), 'wh-budgets-'));
try {
  const sdk = install(packPackage('@warehouse-kit/sdk', scratch), mkdtempSync(join(scratch, 'sdk-')));
  const sdkForbidden = forbidden(sdk.packages, [...SERVER_ONLY, ...TEST_FRAMEWORKS, 'commander']);
  console.log(
    `SDK: node_modules ${(sizeOf(sdk.nodeModules) / MB).toFixed(2)} MB (budget 10), ${sdk.packages.length} packages`,
  );
  console.log(`     server, test framework or commander packages: ${sdkForbidden.join(', ') || 'none'}`);

  const whctl = install(packPackage('@warehouse-kit/whctl', scratch), mkdtempSync(join(scratch, 'whctl-')));
  console.log(
    `whctl: node_modules ${(sizeOf(whctl.nodeModules) / MB).toFixed(2)} MB, ${whctl.packages.length} packages`,
  );
  console.log(`       server packages: ${forbidden(whctl.packages, SERVER_ONLY).join(', ') || 'none'}`);
  const node = medianMs(process.execPath, ['-e', '0']);
  const version = medianMs(whctl.bin('whctl'), ['--version']);
  const ratio = (version / node).toFixed(2);
  console.log(
    `       start-up: whctl --version ${version.toFixed(1)} ms, node -e 0 ${node.toFixed(1)} ms: ${ratio}x (budget 1.5x)`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
