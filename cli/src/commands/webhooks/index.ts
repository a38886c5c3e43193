import { Command } from 'commander';
import { examples } from '../shared/examples.js';
import { create } from './create.js';
import { remove } from './delete.js';
import { deliveries } from './deliveries.js';
import { get } from './get.js';
import { list } from './list.js';
import { recover } from './recover.js';
import { redeliver } from './redeliver.js';
import { rotate } from './rotate.js';
import { update } from './update.js';

export const webhooks = new Command('webhooks')
  .addCommand(list)
  .addCommand(get)
  .addCommand(create)
  .addCommand(update)
  .addCommand(remove)
  .addCommand(rotate)
  .addCommand(deliveries)
  .addCommand(redeliver)
  .addCommand(recover)
  .addHelpText(
    'after',
    examples(
      "whctl webhooks create --url http://localhost:4242/hook --types 'appointment.*'",
      'whctl webhooks deliveries 1 --status failed',
    ),
  );
