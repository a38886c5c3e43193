import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { get } from './get.js';
import { list } from './list.js';
import { tail } from './tail.js';

export const events = new Command('events')
  .addCommand(list)
  .addCommand(get)
  .addCommand(tail)
  .addHelpText(
    'after',
    `
The change feed is an extension (a deployment declares it as extensions.events); every change to
a product, company, appointment or purchase order is an event. An expired cursor exits with
status 4: start again without --after.
${examples("whctl events list --types 'company.*'", 'whctl events tail')}`,
  );
