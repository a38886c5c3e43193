import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { create } from './create.js';
import { get } from './get.js';
import { list } from './list.js';
import { update } from './update.js';

// Appointments are cancelled (update --state cancelled), never deleted.
export const appointments = new Command('appointments')
  .addCommand(list)
  .addCommand(get)
  .addCommand(create)
  .addCommand(update)
  .addHelpText(
    'after',
    examples(
      "whctl appointments list --location 'Toronto DC' --state booked",
      'whctl appointments update 1 --state cancelled',
    ),
  );
