// Where to connect, with which token, and what the deployment honours: command-line flags over
// environment variables over the selected profile of the config file, each setting on its own.
import type { DeploymentExtensions } from '@warehouse-kit/sdk';
import { UnknownNameError, UsageError } from '../errors.js';
import { checkAddress } from './address.js';
import { configPath, type Profile, readConfig } from './config-file.js';
import { parseExtensions } from './extensions.js';

export interface ConnectionFlags {
  baseUrl?: string;
  locationUrl?: string;
  token?: string;
  profile?: string;
  extensions?: string;
}

export interface Connection {
  /** The organization or location interface address. */
  baseUrl: string;
  token: string;
  /** What the deployment is declared to honour beyond the reference (--extensions). */
  extensions: DeploymentExtensions;
}

/** A setting's value and where it came from, for messages: `--base-url`, `WHCTL_BASE_URL`, ... */
interface Sourced {
  value: string;
  source: string;
}

/** The first source that gives a value; empty counts as not given, as an unset variable does. */
function firstOf(...candidates: [string | undefined, string][]): Sourced | undefined {
  for (const [value, source] of candidates) if (value) return { value, source };
  return undefined;
}

/** The one interface address a source gives, if any; two at once is ambiguous. */
function addressOf(
  both: string,
  [base, baseSource]: [string | undefined, string],
  [location, locationSource]: [string | undefined, string],
): Sourced | undefined {
  if (base && location) throw new UsageError(`${both} give both a base URL and a location URL; use one`);
  return firstOf([base, baseSource], [location, locationSource]);
}

/** The profile named by --profile or WHCTL_PROFILE (which must exist), else the current one. */
async function selectProfile(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv,
): Promise<{ name?: string; profile: Profile }> {
  const path = configPath(env);
  const config = await readConfig(path);
  const named = flags.profile ?? (env.WHCTL_PROFILE || undefined);
  if (named !== undefined) {
    const profile = config.profiles[named];
    if (!profile) throw new UnknownNameError(`no profile "${named}" in ${path} (see "whctl config list")`);
    return { name: named, profile };
  }
  const current = config.current_profile;
  return current === undefined ? { profile: {} } : { name: current, profile: config.profiles[current] ?? {} };
}

export async function resolveConnection(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Connection> {
  const { name, profile } = await selectProfile(flags, env);
  const inProfile = (key: string) => `${key} of profile "${name}"`;
  const address =
    addressOf('--base-url and --location-url', [flags.baseUrl, '--base-url'], [flags.locationUrl, '--location-url']) ??
    addressOf(
      'WHCTL_BASE_URL and WHCTL_LOCATION_URL',
      [env.WHCTL_BASE_URL, 'WHCTL_BASE_URL'],
      [env.WHCTL_LOCATION_URL, 'WHCTL_LOCATION_URL'],
    ) ??
    addressOf(
      "the profile's base_url and location_url",
      [profile.base_url, inProfile('base_url')],
      [profile.location_url, inProfile('location_url')],
    );
  if (!address) {
    throw new UsageError(
      'no API address: pass --base-url (or --location-url), set WHCTL_BASE_URL, or run "whctl config set base_url URL"',
    );
  }
  checkAddress(address.value, address.source);
  const token = flags.token || env.WHCTL_TOKEN || profile.token;
  if (!token)
    throw new UsageError(
      'no API token: set WHCTL_TOKEN, run "whctl config set token -" (reads it from stdin), or pass --token',
    );
  const extensions = firstOf(
    [flags.extensions, '--extensions'],
    [env.WHCTL_EXTENSIONS, 'WHCTL_EXTENSIONS'],
    [profile.extensions, inProfile('extensions')],
  );
  return {
    baseUrl: address.value,
    token,
    extensions: extensions ? parseExtensions(extensions.value, extensions.source) : {},
  };
}
