import { Command } from 'commander';
import { diff } from './diff.js';

export const contract = new Command('contract').addCommand(diff);
