// Where to connect and with which token: command-line flags over environment variables over
// the selected profile of the config file, each setting on its own.
import { UnknownNameError, UsageError } from '../errors.js';
import { configPath, type Profile, readConfig } from './config-file.js';

export interface ConnectionFlags {
  baseUrl?: string;
  locationUrl?: string;
  token?: string;
  profile?: string;
}

export interface Connection {
  /** The organization or location interface address. */
  baseUrl: string;
  token: string;
}

/** The one interface address a source gives, if any; two at once is ambiguous. */
function addressOf(source: string, base: string | undefined, location: string | undefined): string | undefined {
  if (base && location) throw new UsageError(`${source} give both a base URL and a location URL; use one`);
  return base || location || undefined;
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
  const { profile } = await selectProfile(flags, env);
  const baseUrl =
    addressOf('--base-url and --location-url', flags.baseUrl, flags.locationUrl) ??
    addressOf('WHCTL_BASE_URL and WHCTL_LOCATION_URL', env.WHCTL_BASE_URL, env.WHCTL_LOCATION_URL) ??
    addressOf("the profile's base_url and location_url", profile.base_url, profile.location_url);
  if (!baseUrl) {
    throw new UsageError(
      'no API address: pass --base-url (or --location-url), set WHCTL_BASE_URL, or run "whctl config set base_url URL"',
    );
  }
  const token = flags.token || env.WHCTL_TOKEN || profile.token;
  if (!token)
    throw new UsageError(
      'no API token: set WHCTL_TOKEN, run "whctl config set token -" (reads it from stdin), or pass --token',
    );
  return { baseUrl, token };
}
