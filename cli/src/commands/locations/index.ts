import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { list } from './list.js';

export const locations = new Command('locations')
  .addCommand(list)
  .addHelpText('after', examples('whctl locations list', "whctl locations list -o json --query '[].name'"));
