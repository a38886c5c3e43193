import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { assign } from './assign.js';
import { booked } from './booked.js';
import { create } from './create.js';
import { remove } from './delete.js';
import { get } from './get.js';
import { importOrders } from './import/index.js';
import { list } from './list.js';
import { move } from './move.js';
import { unassign } from './unassign.js';
import { update } from './update.js';

export const purchaseOrders = new Command('purchase-orders')
  .addCommand(list)
  .addCommand(get)
  .addCommand(create)
  .addCommand(update)
  .addCommand(remove)
  .addCommand(assign)
  .addCommand(move)
  .addCommand(unassign)
  .addCommand(booked)
  .addCommand(importOrders)
  .addHelpText(
    'after',
    examples(
      "whctl purchase-orders list --location 'Toronto DC' --all -o csv",
      "whctl purchase-orders move --po-number PO-0998 --to 'Vancouver DC'",
      'whctl purchase-orders import orders.csv',
    ),
  );
