// Which TypeScript does what in the kit (DECISIONS 300): TypeScript 7's native compiler builds
// it (`npm run build`, `npx tsc -b`, the `prepare` that `npm ci` runs), and TypeScript 5.9 stays
// where a tool calls TypeScript's JavaScript API, which TypeScript 7's package does not carry.
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { PUBLIC_PACKAGES, ROOT } from '../src/workspace.js';

interface Manifest {
  version: string;
  engines?: { node?: string };
  scripts?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifestAt = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Manifest;
const major = (version: string) => Number(/^\D*(\d+)/.exec(version)?.[1]);

describe('the TypeScript of the kit', () => {
  it("builds with TypeScript 7: the root's tsc, which npm run build and npm ci's prepare run", () => {
    const typescript = join(ROOT, 'node_modules/typescript');
    expect(major(manifestAt(join(typescript, 'package.json')).version)).to.equal(7);
    expect(realpathSync(join(ROOT, 'node_modules/.bin/tsc'))).to.equal(join(typescript, 'bin/tsc'));
    const { scripts } = manifestAt(join(ROOT, 'package.json'));
    expect([scripts?.build, scripts?.prepare]).to.deep.equal(['tsc -b', 'tsc -b']);
  });

  it('gives openapi-typescript, which the spec generates and checks its types with, the TypeScript 5 API it needs', () => {
    const openapiTypescript = createRequire(join(ROOT, 'spec/package.json')).resolve('openapi-typescript/package.json');
    const peer = manifestAt(openapiTypescript).peerDependencies?.typescript ?? '';
    const typescript = createRequire(openapiTypescript).resolve('typescript/package.json');
    expect(major(manifestAt(typescript).version), `openapi-typescript wants typescript ${peer}`).to.equal(major(peer));
    // What openapi-typescript builds its output with.
    const api = createRequire(openapiTypescript)(dirname(typescript)) as { factory?: unknown };
    expect(api.factory).to.be.an('object');
  });

  it('promises in engines the Node majors .ci/run tests: 20 (npm test), and 22 and 24 from npm with npm 12', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8');
    const { scripts } = manifestAt(join(ROOT, 'package.json'));
    // A step may run beside busy loops (DECISIONS 491).
    const fromNpm = [...ci.matchAll(/^(?:bash \.ci\/beside-busy-loops )?npm run test:node(\d+)$/gm)].map((match) =>
      Number(match[1]),
    );
    for (const major of fromNpm)
      expect(scripts?.[`test:node${major}`]).to.equal(`bash .ci/with-node ${major} npm run test:runtime`);
    expect(ci).to.match(/^npm test$/m);
    const tested = [20, ...fromNpm].sort((a, b) => a - b);
    expect(tested).to.deep.equal([20, 22, 24]);
    // The first release of each that require()s an ES module without a flag, as the SDK's CommonJS users need.
    const floors: Record<number, string> = { 20: '^20.19.0', 22: '^22.12.0', 24: '^24.0.0' };
    const promised = tested.map((major) => floors[major]).join(' || ');
    for (const folder of ['.', ...Object.values(PUBLIC_PACKAGES)])
      expect(manifestAt(join(ROOT, folder, 'package.json')).engines?.node, folder).to.equal(promised);
  });
});
