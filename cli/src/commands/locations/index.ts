import { Command } from 'commander';
import { list } from './list.js';

export const locations = new Command('locations').addCommand(list);
