// Which profile a config command works on: --profile, WHCTL_PROFILE, the current one, or
// "default" when there is none yet.
import { type Command, InvalidArgumentError } from 'commander';
import { type Config, PROFILE_KEYS, type ProfileKey } from '../../connection/config-file.js';
import type { GlobalOptions } from '../../context.js';

export function profileName(command: Command, config: Config): string {
  const { profile } = command.optsWithGlobals<GlobalOptions>();
  return profile ?? (process.env.WHCTL_PROFILE || undefined) ?? config.current_profile ?? 'default';
}

/** A profile's settings for display: the token only says whether it is set. */
export function shown(key: string, value: string | undefined): string | undefined {
  return key === 'token' && value !== undefined ? '(set)' : value;
}

export function profileKey(value: string): ProfileKey {
  if (!(PROFILE_KEYS as readonly string[]).includes(value))
    throw new InvalidArgumentError(`expected one of ${PROFILE_KEYS.join(', ')}`);
  return value as ProfileKey;
}
