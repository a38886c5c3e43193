// The spec package's files that releases read and write: its version, the working contract and
// the released ones in spec/released/<version>.yaml, found through the workspace's link to it.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compareVersions, parseVersion } from '@warehouse-kit/spec';
import { parse } from 'yaml';

export const packageRoot = `${dirname(createRequire(import.meta.url).resolve('@warehouse-kit/spec/package.json'))}/`;
export const releasedFolder = `${packageRoot}released`;
export const workingPath = `${packageRoot}openapi.yaml`;

export const parseYaml = (text: string) => parse(text, { maxAliasCount: -1 });
export const readYaml = (path: string) => parseYaml(readFileSync(path, 'utf8'));

export function packageVersion(): string {
  return JSON.parse(readFileSync(`${packageRoot}package.json`, 'utf8')).version;
}

/** The released versions, oldest first. */
export function releasedVersions(): string[] {
  return readdirSync(releasedFolder)
    .map((name) => /^(\d+\.\d+\.\d+)\.yaml$/.exec(name)?.[1])
    .filter((version): version is string => version !== undefined)
    .sort((a, b) => compareVersions(parseVersion(a)!, parseVersion(b)!));
}
