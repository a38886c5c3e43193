// The spec package's files that releases read and write: its version, the working contract and
// the released ones in spec/released/<version>.yaml.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { compareVersions, parseVersion } from '../version.js';

export const packageRoot = fileURLToPath(new URL('../../../', import.meta.url));
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
