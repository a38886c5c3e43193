import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { create } from './create.js';
import { remove } from './delete.js';
import { get } from './get.js';
import { importCompanies } from './import.js';
import { list } from './list.js';
import { update } from './update.js';

export const companies = new Command('companies')
  .addCommand(list)
  .addCommand(get)
  .addCommand(create)
  .addCommand(update)
  .addCommand(remove)
  .addCommand(importCompanies)
  .addHelpText(
    'after',
    examples(
      'whctl companies list --type carrier',
      "whctl companies create --name 'Swift Haulage' --type carrier --auto-approve",
    ),
  );
