import { Command } from 'commander';
import { configPath, PROFILE_KEYS, readConfig } from '../../connection/config-file.js';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { shown } from './profile.js';

export const list = new Command('list')
  .description('list the profiles, marking the current one (tokens show as "(set)")')
  .addOption(queryOption('[?current].profile'))
  .addHelpText(
    'after',
    examples('whctl config list', 'whctl config list -o json', "whctl config list --query '[?current].profile'"),
  )
  .action(async (_flags: object, command: Command) => {
    const ctx = contextOf(command);
    const config = await readConfig(configPath());
    const sink = await ctx.list(['profile', 'current', ...PROFILE_KEYS]);
    for (const [name, profile] of Object.entries(config.profiles)) {
      const settings = Object.fromEntries(PROFILE_KEYS.map((key) => [key, shown(key, profile[key]) ?? null]));
      await sink.write({ profile: name, current: name === config.current_profile, ...settings });
    }
    await sink.end();
  });
