import { Command } from 'commander';
import { configPath, PROFILE_KEYS, type ProfileKey, readConfig } from '../../connection/config-file.js';
import { UnknownNameError } from '../../errors.js';
import { writeText } from '../../output/write.js';
import { examples } from '../shared/examples.js';
import { profileKey, profileName, shown } from './profile.js';

export const get = new Command('get')
  .description('print a setting of the profile (a token prints as "(set)", never its value)')
  .argument('<key>', PROFILE_KEYS.join(', '), profileKey)
  .addHelpText('after', examples('whctl config get base_url', 'whctl --profile staging config get token'))
  .action(async (key: ProfileKey, _flags: object, command: Command) => {
    const path = configPath();
    const config = await readConfig(path);
    const name = profileName(command, config);
    const value = shown(key, config.profiles[name]?.[key]);
    if (value === undefined) throw new UnknownNameError(`${key} is not set in profile "${name}" of ${path}`);
    await writeText(process.stdout, `${value}\n`);
  });
