#!/usr/bin/env node
// whctl: the command-line client. The commands arrive with the CLI work; for now it only
// knows its version.
import { Command } from 'commander';
import { version } from '../server/version.js';

new Command('whctl').description('Script the warehouse scheduling API').version(version).parse();
