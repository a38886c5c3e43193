#!/usr/bin/env node
// Writes src/header-parameters.ts from openapi.yaml: the header parameters each operation
// declares, as data, so the SDK knows where Idempotency-Key and If-Match are taken without
// reading the YAML at run time (browsers have no file system). `--check` writes nothing and
// fails when the file is not what openapi.yaml gives, as openapi-typescript's `--check` does
// for the types; `npm run lint` runs it (DECISIONS 305).
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

// The order listOperations reads them in (src/document.ts).
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const source = new URL('../openapi.yaml', import.meta.url);
const target = new URL('../src/header-parameters.ts', import.meta.url);

const document = parse(readFileSync(source, 'utf8'), { maxAliasCount: -1 });

/** A parameter, following a local `$ref` such as `#/components/parameters/IfMatch`. */
function resolve(parameter) {
  if (typeof parameter.$ref !== 'string') return parameter;
  const found = parameter.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, key) => node?.[key], document);
  if (!found) throw new Error(`unresolvable $ref ${parameter.$ref}`);
  return resolve(found);
}

const entries = [];
for (const [path, item] of Object.entries(document.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation) continue;
    const names = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
      .map(resolve)
      .filter((parameter) => parameter.in === 'header')
      .map((parameter) => `'${parameter.name}'`);
    entries.push(`  '${method.toUpperCase()} ${path}': [${[...new Set(names)].join(', ')}],`);
  }
}

const text = `/**
 * This file was generated from openapi.yaml by scripts/header-parameters.js
 * (npm run gen -w @warehouse-kit/spec). Do not make direct changes to the file.
 */

/**
 * The header parameters each operation of the contract declares, by method and path template.
 * A client sends an extension's header (Idempotency-Key, If-Match) only where it is listed
 * (DECISIONS 305).
 */
export const headerParameters: Readonly<Record<string, readonly string[]>> = {
${entries.join('\n')}
};
`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== text) {
    console.error('src/header-parameters.ts is out of date with openapi.yaml: run npm run gen -w @warehouse-kit/spec');
    process.exit(1);
  }
} else {
  writeFileSync(target, text);
}
