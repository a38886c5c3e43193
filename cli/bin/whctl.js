#!/usr/bin/env node
// whctl as npm links it. Plain JavaScript that exists before the build, so `npm ci` in a
// checkout links node_modules/.bin/whctl to this workspace and `npx whctl` never asks the
// registry. It imports nothing but node: modules and the compiled entry, so it can still speak
// when the install is broken: a module that cannot be loaded, at start-up or when a command
// loads its code, is one line and exit status 70; any other error main.js does not recognise
// is a bug, printed with its stack, also 70 (EX_SOFTWARE).
import { existsSync } from 'node:fs';

/** Why `error` is a module that could not be found, read or parsed, or undefined when it is something else. */
function unloadable(error) {
  if (!(error instanceof Error)) return undefined;
  const code = String(error.code ?? '');
  const loader =
    /^(ERR_MODULE_NOT_FOUND|MODULE_NOT_FOUND|ERR_PACKAGE_|ERR_INVALID_PACKAGE_|ERR_UNSUPPORTED_DIR_IMPORT|ERR_REQUIRE_ESM)/;
  if (loader.test(code)) return error.message.split('\n')[0];
  // A module that does not parse (the loader's frames) or lacks an export another imports (the file's place first).
  const place = /^((?:file:\/\/|\/)\S+:\d+)\n/.exec(error.stack ?? '');
  if (error instanceof SyntaxError && (place || /\(node:internal\/modules\//.test(error.stack ?? '')))
    return `${place ? `${place[1]}: ` : 'a module does not parse: '}${error.message}`;
  return undefined;
}

function fail(line) {
  process.stderr.write(`${line}\n`);
  process.stdout.write('', () => process.exit(70));
}

try {
  await import('../dist/src/main.js');
} catch (error) {
  const reason = unloadable(error);
  if (!reason)
    fail(`whctl: unexpected error (a bug in whctl; please report it)\n${error instanceof Error ? error.stack : error}`);
  // A checkout has the sources; an installed package has only what it ships.
  else if (existsSync(new URL('../src/main.ts', import.meta.url)))
    fail(`whctl: cannot load its code (${reason}); run npm ci at the root of the checkout`);
  else fail(`whctl: the install is incomplete (${reason}); reinstall @warehouse-kit/whctl`);
}
