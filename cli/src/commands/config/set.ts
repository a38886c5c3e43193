import { Command } from 'commander';
import { checkAddress } from '../../connection/address.js';
import { configPath, PROFILE_KEYS, type ProfileKey, readConfig, writeConfig } from '../../connection/config-file.js';
import { parseExtensions } from '../../connection/extensions.js';
import { contextOf } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples } from '../shared/examples.js';
import { readStdin } from '../shared/stdin.js';
import { profileKey, profileName } from './profile.js';

// A profile has one interface address: setting one kind replaces the other.
const otherAddress: Partial<Record<ProfileKey, ProfileKey>> = { base_url: 'location_url', location_url: 'base_url' };

/** Refuses a value the key cannot use now, rather than at the next connection. */
const checks: Record<ProfileKey, (value: string, key: string) => unknown> = {
  base_url: checkAddress,
  location_url: checkAddress,
  token: () => undefined,
  extensions: parseExtensions,
};

export const set = new Command('set')
  .description('set a setting of the profile (creating it; the first profile becomes the current one)')
  .argument('<key>', PROFILE_KEYS.join(', '), profileKey)
  .argument(
    '<value>',
    'the value; for token, - reads it from stdin so it stays out of shell history; ' +
      'for extensions, what the deployment honours: idempotency, etags (comma-separated) or none',
  )
  .addHelpText(
    'after',
    examples(
      'whctl config set base_url https://acme.example.com',
      'printf \'%s\' "$TOKEN" | whctl config set token -',
      'whctl --profile staging config set base_url https://acme.staging.example.com',
      'whctl config set extensions idempotency,etags',
    ),
  )
  .action(async (key: ProfileKey, value: string, _flags: object, command: Command) => {
    const ctx = contextOf(command);
    const setting = value === '-' ? (await readStdin()).trim() : value;
    if (!setting) throw new UsageError(`${key} must not be empty`);
    checks[key](setting, key);
    const path = configPath();
    const config = await readConfig(path);
    const name = profileName(command, config);
    const profile = { ...config.profiles[name], [key]: setting };
    const other = otherAddress[key];
    if (other) delete profile[other];
    config.profiles[name] = profile;
    config.current_profile ??= name;
    await writeConfig(path, config);
    ctx.notice(`set ${key} of profile "${name}" in ${path}`);
  });
