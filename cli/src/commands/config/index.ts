import { Command } from 'commander';
import { get } from './get.js';
import { list } from './list.js';
import { set } from './set.js';
import { use } from './use.js';

export const config = new Command('config').addCommand(set).addCommand(get).addCommand(list).addCommand(use);
