import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { get } from './get.js';
import { list } from './list.js';
import { set } from './set.js';
import { use } from './use.js';

export const config = new Command('config')
  .addCommand(set)
  .addCommand(get)
  .addCommand(list)
  .addCommand(use)
  .addHelpText('after', examples('whctl config set base_url https://acme.example.com', 'whctl config use staging'));
