import { Command } from 'commander';
import { configPath, readConfig, writeConfig } from '../../connection/config-file.js';
import { contextOf } from '../../context.js';
import { UnknownNameError } from '../../errors.js';
import { examples } from '../shared/examples.js';

export const use = new Command('use')
  .description('make a profile the current one')
  .argument('<profile>', 'profile name')
  .addHelpText('after', examples('whctl config use staging'))
  .action(async (name: string, _flags: object, command: Command) => {
    const ctx = contextOf(command);
    const path = configPath();
    const config = await readConfig(path);
    if (!config.profiles[name]) throw new UnknownNameError(`no profile "${name}" in ${path} (see "whctl config list")`);
    config.current_profile = name;
    await writeConfig(path, config);
    ctx.notice(`using profile "${name}"`);
  });
