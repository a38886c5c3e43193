// `npm run pack-all [-- <folder>]`: the public packages as installable tarballs, in
// `packages/` by default, ready for `npm install ./packages/<tarball>` or `npm publish`.
import { relative } from 'node:path';
import { packAll, ROOT } from './pack.js';

const outDir = process.argv[2] ?? `${ROOT}packages`;
for (const packed of packAll(outDir)) {
  const bundled = packed.bundled.length ? ` (bundles ${packed.bundled.join(', ')})` : '';
  console.log(`${relative(process.cwd(), packed.tarball)}${bundled}`);
}
