// The layering the server keeps (packages and folders depend downward only), checked on its sources so that one stray import
// fails here by name: every import between src/'s folders goes down the order below, the domain
// and the events and webhooks speak no HTTP, the domain renders nothing, and rendering takes
// from the domain only pure values.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import ts from 'typescript';

// From dist/test/layers.test.js back to the TypeScript sources.
const sources = fileURLToPath(new URL('../../src/', import.meta.url));

interface Import {
  /** The importing file, from src/: `domain/access.ts`. */
  file: string;
  /** As written in the import, relative to the importing file. */
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

/**
 * The server's layers, bottom first (docs/contributors.md, DECISIONS 413). A module imports from
 * its own folder and from the layers below; the units of a row, folders of src/ or files at its
 * root, import nothing of one another. Every folder and root file of src/ has its place here.
 */
const layers: string[][] = [
  // The settings, the system errors' reasons and the version, which every layer may read.
  ['config.ts', 'system-error.ts', 'version.ts'],
  ['logging'],
  // The one way statements reach PostgreSQL (DECISIONS 470).
  ['sql'],
  // The MikroORM entities: the tables.
  ['entities'],
  // Each record's rules and its statements: values and the request's transaction in, rows and
  // domain errors out, no HTTP (DECISIONS 475).
  ['domain'],
  // Opening the database (embedded or not), the ORM with its migrations, the stores of the HTTP
  // layer (idempotency keys, rate-limit counters), sending with the COMMIT, retrying races.
  ['db'],
  // A record as the API renders it; then the change feed, which holds records so rendered
  // (DECISIONS 172); then reading orders whole, which makes the state an event holds.
  ['render'],
  ['events'],
  ['present'],
  // Endpoints, deliveries and the worker that delivers the feed's events.
  ['webhooks'],
  ['http'],
  ['middleware'],
  // The operator's endpoints (health, metrics, docs) and the API's handlers: neither uses the other.
  ['ops', 'routes'],
  ['provision'],
  // Building the app and starting a process: the HTTP server, the worker, the sweeps.
  ['serve'],
  ['index.ts', 'main.ts'],
];

/** The unit of src/ a module (from src/) is in: its first folder, or itself at the root. */
const unitOf = (module: string) => module.split('/')[0]!.replace(/\.js$/, '.ts');

const rankOf = (unit: string) => layers.findIndex((row) => row.includes(unit));

/** Koa and its packages, and the layers that speak HTTP. */
const http = [/^koa(-.*)?$/, /^@koa\//, /^(http|middleware|routes|ops|serve)\//];

/** Those, and the layers that shape responses. */
const outsideTheDomain = [...http, /^(render|present)\//];

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
  it('places every folder and file of src/ in one layer', () => {
    const units = readdirSync(sources, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
      .map((entry) => entry.name);
    const placed = layers.flat();
    expect(placed, 'a unit is in one row only').to.have.lengthOf(new Set(placed).size);
    expect(
      units.filter((unit) => rankOf(unit) < 0),
      'each needs a place in the layers',
    ).to.deep.equal([]);
    expect(
      placed.filter((unit) => !units.includes(unit)),
      'the layers name what src/ holds',
    ).to.deep.equal([]);
  });

  it('imports only down the layers, never up them or across a row', () => {
    const { files, imports } = importsUnder('.');
    expect(files).to.include.members(['domain/access.ts', 'events/feed.ts', 'webhooks/worker.ts', 'config.ts']);
    const upward = imports.filter(({ file, specifier, target }) => {
      if (!specifier.startsWith('.')) return false;
      const [from, to] = [unitOf(file), unitOf(target)];
      return from !== to && (rankOf(to) < 0 || rankOf(to) >= rankOf(from));
    });
    const order = layers.map((row) => row.join(' ')).join(' < ');
    expect(described(upward), `imports must go down: ${order}`).to.deep.equal([]);
  });

  it('keeps koa, @koa/*, the HTTP layers, render/ and present/ out of every domain module', () => {
    const { files, imports } = importsUnder('domain');
    expect(files).to.include('domain/access.ts');
    const strays = imports.filter(({ target }) => outsideTheDomain.some((pattern) => pattern.test(target)));
    expect(described(strays), 'the domain must not depend on HTTP or on responses').to.deep.equal([]);
  });

  it('keeps koa, @koa/* and the HTTP layers out of the events and the webhooks, workers included', () => {
    const found = ['events', 'webhooks'].map((folder) => importsUnder(folder));
    const [files, imports] = [found.flatMap(({ files }) => files), found.flatMap(({ imports }) => imports)];
    expect(files).to.include.members(['events/feed.ts', 'webhooks/queue.ts', 'webhooks/worker.ts']);
    const strays = imports.filter(({ target }) => http.some((pattern) => pattern.test(target)));
    expect(described(strays), 'events and webhooks are domain parts and workers, not HTTP').to.deep.equal([]);
  });

  it('lets rendering import from the domain only its pure values', () => {
    const { files, imports } = importsUnder('render');
    expect(files).to.include('render/purchase-order.ts');
    const strays = imports.filter(({ target }) => target.startsWith('domain/') && !pureDomainValues.includes(target));
    expect(described(strays), `render/ may use only ${pureDomainValues.join(', ')} of the domain`).to.deep.equal([]);
  });

  it('sends statements only through sql/: no em.execute, knex builder or raw, no driver connection elsewhere', () => {
    const { files } = importsUnder('.');
    // The pool's figures for /metrics, and the tests' count of what knex sends (the unit of work's).
    const allowed = ['sql/statements.ts', 'db/orm.ts', 'testing/database.ts'];
    const driverUse = /\.execute\(|getKnex\(|\.raw\(|acquireConnection|\bknex\(/;
    const strays = files.filter(
      (file) => !allowed.includes(file) && driverUse.test(readFileSync(resolve(sources, file), 'utf8')),
    );
    expect(strays, 'statements go through sql/statements.ts (DECISIONS 470)').to.deep.equal([]);
    const orm = readFileSync(resolve(sources, 'db/orm.ts'), 'utf8');
    expect(orm.match(/getKnex\(/g), 'db/orm.ts reads the pool, sends nothing').to.have.length(1);
  });

  it("names in docs/contributors.md's table of records only files that exist", () => {
    const guide = readFileSync(fileURLToPath(new URL('../../../docs/contributors.md', import.meta.url)), 'utf8');
    const table = guide.slice(guide.indexOf('| Record | Its rules |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    expect(rows.map((row) => row.split('|')[1]!.trim())).to.include.members(['product', 'company']);
    const named = rows.flatMap((row) => [...row.matchAll(/`([\w/-]+\.ts)`/g)].map((match) => match[1]!));
    const inFolder = (path: string) => path.includes('/');
    expect(named.filter(inFolder).length).to.be.greaterThan(15);
    // A file named alone, as `fields.ts` beside `domain/purchase-orders/write.ts`, is in the folder before it.
    const missing = named.filter((path) => inFolder(path) && !existsSync(resolve(sources, path)));
    expect(missing, 'files the table names').to.deep.equal([]);
  });

  it('keeps those pure values away from the database', () => {
    const { files, imports } = importsUnder('domain');
    const pure = pureDomainValues.map((module) => module.replace(/\.js$/, '.ts'));
    expect(files).to.include.members(pure);
    const database = imports.filter(({ file, target }) => pure.includes(file) && target.startsWith('@mikro-orm/'));
    expect(described(database), 'what rendering may use must compute, not query').to.deep.equal([]);
  });
});
