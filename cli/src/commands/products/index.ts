import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { create } from './create.js';
import { remove } from './delete.js';
import { get } from './get.js';
import { importProducts } from './import.js';
import { list } from './list.js';
import { update } from './update.js';

export const products = new Command('products')
  .addCommand(list)
  .addCommand(get)
  .addCommand(create)
  .addCommand(update)
  .addCommand(remove)
  .addCommand(importProducts)
  .addHelpText(
    'after',
    examples(
      "whctl products list --location 'Toronto DC'",
      "whctl products create --location 'Toronto DC' --name Pears --sku PER-001",
    ),
  );
