import { Command } from 'commander';
import { list } from './list.js';

export const productLimits = new Command('product-limits').addCommand(list);
