import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { list } from './list.js';

export const productLimits = new Command('product-limits')
  .addCommand(list)
  .addHelpText('after', examples("whctl product-limits list --location 'Toronto DC' --start-date 2026-12-21"));
