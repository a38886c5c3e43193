// The layering the server keeps (STYLE 12), checked on its sources so that one stray import
// fails here by name: the domain speaks no HTTP and renders nothing, and rendering takes from
// the domain only pure values.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import ts from 'typescript';

// From dist/test/layers.test.js back to the TypeScript sources.
const sources = fileURLToPath(new URL('../../src/', import.meta.url));

interface Import {
  /** The importing file, from src/: `domain/access.ts`. */
  file: string;
  /** As written: `../http/errors.js`. */
  specifier: string;
  /** A relative specifier resolved from src/ (`http/errors.js`); a package name as it is. */
  target: string;
}

const fromSources = (path: string) => relative(sources, path).split(sep).join('/');

/** Every import of every TypeScript file under `folder` (from src/), type-only and dynamic ones included. */
function importsUnder(folder: string): { files: string[]; imports: Import[] } {
  const root = resolve(sources, folder);
  const paths = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => resolve(root, name));
  const imports = paths.flatMap((path) =>
    ts.preProcessFile(readFileSync(path, 'utf8'), true, true).importedFiles.map(({ fileName: specifier }) => ({
      file: fromSources(path),
      specifier,
      target: specifier.startsWith('.') ? fromSources(resolve(dirname(path), specifier)) : specifier,
    })),
  );
  return { files: paths.map(fromSources), imports };
}

const described = (found: Import[]) => found.map(({ file, specifier }) => `${file} imports ${specifier}`);

/** Koa and its packages, and the layers that speak HTTP or shape responses. */
const outsideTheDomain = [/^koa(-.*)?$/, /^@koa\//, /^(http|middleware|routes|render|present)\//];

/** Domain modules that only compute values (zones, dates, a limit's dates) or name their shapes, which rendering may use. */
const pureDomainValues = [
  'domain/time.js',
  'domain/product-limits/expand.js',
  'domain/product-limits/window.js',
  'domain/purchase-orders/row-shapes.js',
  'domain/appointments/row-shapes.js',
  'domain/row-shapes.js',
];

describe('the layers of the server', () => {
  it('keeps koa, @koa/*, http/, middleware/, routes/, render/ and present/ out of every domain module', () => {
    const { files, imports } = importsUnder('domain');
    expect(files).to.include('domain/access.ts');
    const strays = imports.filter(({ target }) => outsideTheDomain.some((pattern) => pattern.test(target)));
    expect(described(strays), 'the domain must not depend on HTTP or on responses').to.deep.equal([]);
  });

  it('lets rendering import from the domain only its pure values', () => {
    const { files, imports } = importsUnder('render');
    expect(files).to.include('render/purchase-order.ts');
    const strays = imports.filter(({ target }) => target.startsWith('domain/') && !pureDomainValues.includes(target));
    expect(described(strays), `render/ may use only ${pureDomainValues.join(', ')} of the domain`).to.deep.equal([]);
  });

  it('keeps those pure values away from the database', () => {
    const { files, imports } = importsUnder('domain');
    const pure = pureDomainValues.map((module) => module.replace(/\.js$/, '.ts'));
    expect(files).to.include.members(pure);
    const database = imports.filter(({ file, target }) => pure.includes(file) && target.startsWith('@mikro-orm/'));
    expect(described(database), 'what rendering may use must compute, not query').to.deep.equal([]);
  });
});
