// The config file: named profiles holding an interface address, a token and the extensions the
// deployment honours. It lives under the XDG config directory and is only ever readable by its
// owner, because it holds tokens.

import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { isObject } from '@warehouse-kit/spec';
import { parse, stringify } from 'yaml';
import { UsageError } from '../errors.js';

export const PROFILE_KEYS = ['base_url', 'location_url', 'token', 'extensions'] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];
export type Profile = Partial<Record<ProfileKey, string>>;

export interface Config {
  current_profile?: string;
  profiles: Record<string, Profile>;
}

/** `$XDG_CONFIG_HOME/whctl/config.yaml`, where XDG_CONFIG_HOME defaults to `~/.config`. */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base = env.XDG_CONFIG_HOME?.startsWith('/') ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'whctl', 'config.yaml');
}

function invalid(path: string, reason: string): UsageError {
  return new UsageError(`config file ${path} ${reason}; fix it or remove it and use "whctl config set"`);
}

/** Checks the shape rather than trusting it: a misspelt key silently ignored would connect to the wrong place. */
function validate(path: string, value: unknown): Config {
  if (value === null || value === undefined) return { profiles: {} };
  if (!isObject(value)) throw invalid(path, 'is not a mapping');
  const { current_profile: current, profiles = {}, ...unknown } = value;
  const extra = Object.keys(unknown)[0];
  if (extra !== undefined) throw invalid(path, `has an unknown key "${extra}" (expected current_profile, profiles)`);
  if (current !== undefined && typeof current !== 'string')
    throw invalid(path, 'has a current_profile that is not a string');
  if (!isObject(profiles)) throw invalid(path, 'has profiles that are not a mapping');
  for (const [name, profile] of Object.entries(profiles)) {
    if (!isObject(profile)) throw invalid(path, `has a profile "${name}" that is not a mapping`);
    for (const [key, setting] of Object.entries(profile)) {
      if (!(PROFILE_KEYS as readonly string[]).includes(key)) {
        throw invalid(path, `has an unknown key "${key}" in profile "${name}" (expected ${PROFILE_KEYS.join(', ')})`);
      }
      if (typeof setting !== 'string') throw invalid(path, `has a ${key} in profile "${name}" that is not a string`);
    }
  }
  return {
    ...(current === undefined ? {} : { current_profile: current }),
    profiles: profiles as Record<string, Profile>,
  };
}

/** The config at `path`; a missing file is an empty config. */
export async function readConfig(path: string): Promise<Config> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: {} };
    throw new UsageError(`cannot read config file ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = parse(text);
  } catch (error) {
    throw invalid(path, `is not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  return validate(path, value);
}

/**
 * Writes the config so that no other user can read it at any moment: the folder is created
 * 0700, the file is written 0600 under a temporary name and renamed into place, and an
 * existing file that someone loosened is tightened again.
 */
export async function writeConfig(path: string, config: Config): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, stringify(config), { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}
