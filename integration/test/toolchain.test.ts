// Which TypeScript does what in the kit (DECISIONS 300): TypeScript 7's native compiler builds
// it (`npm run build`, `npx tsc -b`, the `prepare` that `npm ci` runs), and TypeScript 5.9 stays
// where a tool calls TypeScript's JavaScript API, which TypeScript 7's package does not carry.
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { ROOT } from '../src/pack.js';

interface Manifest {
  version: string;
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
});
