// The contract's version: the spec package's, which `info.version` repeats (npm run
// contract:check holds the two together) and every answer of a deployment names in its
// Contract-Version header (DECISIONS 350, 351).
import manifest from '@warehouse-kit/spec/package.json' with { type: 'json' };

export const CONTRACT_VERSION: string = manifest.version;

/** The response header that names the contract version a deployment implements. */
export const CONTRACT_VERSION_HEADER = 'Contract-Version';

export type Semver = [major: number, minor: number, patch: number];

/** A semver version's numbers (a pre-release tag aside), or undefined for what is not one. */
export function parseVersion(version: string): Semver | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?$/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** The major part of a semver version, or undefined for what is not one. */
export function majorOf(version: string): number | undefined {
  return parseVersion(version)?.[0];
}

/** Negative, zero or positive as `a` comes before, with or after `b`. */
export function compareVersions(a: Semver, b: Semver): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
