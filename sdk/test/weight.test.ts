// The SDK's weight at run time (issue 47, DECISIONS 482): its entry and a client load no package
// a fetch-based client does not need; luxon comes with `@warehouse-kit/sdk/time` alone, and
// p-throttle with the first throttle made.
import { fileURLToPath } from 'node:url';
import { runProgram, traceModules } from '@warehouse-kit/testing';
import { expect } from 'chai';

const SDK_FOLDER = fileURLToPath(new URL('../../', import.meta.url));

/** The registry packages a module run from the SDK's folder loads, by name. */
async function packagesLoadedBy(code: string): Promise<string[]> {
  const tracing = traceModules();
  const run = await runProgram(process.execPath, [...tracing.options.nodeArgs, '--input-type=module', '-e', code], {
    env: tracing.options.env,
    cwd: SDK_FOLDER,
  });
  expect(run.code, run.stderr).to.equal(0);
  const names = tracing.loaded().flatMap((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []);
  return [...new Set(names.filter((name) => !name.startsWith('@warehouse-kit/')))].sort();
}

describe("the SDK's weight at run time", () => {
  it('loads openapi-fetch and the Link header parser for a client, and nothing else of the registry', async () => {
    const loaded = await packagesLoadedBy(
      "const { createClient } = await import('@warehouse-kit/sdk'); " +
        "createClient({ baseUrl: 'https://acme.example.test', token: 't' });",
    );
    expect(loaded).to.deep.equal(['http-link-header', 'openapi-fetch']);
  });

  it('loads luxon only for @warehouse-kit/sdk/time, and p-throttle only once a throttle is made', async () => {
    expect(await packagesLoadedBy("await import('@warehouse-kit/sdk/time');")).to.include('luxon');
    const throttled = await packagesLoadedBy(
      "const { throttle } = await import('@warehouse-kit/sdk'); " +
        'const { onRequest } = throttle({ limit: 1, interval: 10 }); ' +
        "await onRequest({ request: new Request('https://acme.example.test/') });",
    );
    expect(throttled).to.include('p-throttle').and.not.include('luxon');
  });
});
