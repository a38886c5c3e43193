// Line items from flags: `--item PRODUCT:QUANTITY[:CUSTOMER]`, repeatable, so a small order
// needs no JSON. A product name may itself hold colons ("Widget: Blue:10"): the quantity is the
// first colon-separated field that is a number. Anything richer (custom values) goes in --data.
import { type Command, InvalidArgumentError } from 'commander';

export interface ItemFlag {
  product_name: string;
  quantity: number;
  customer_name?: string;
}

// The API's bounds: a quantity above 0 and at most 1,000,000,000; names up to 255 characters.
const MAX_QUANTITY = 1_000_000_000;
const MAX_NAME = 255;
const SHAPE = /^(.+?):\s*(\d+(?:\.\d+)?)\s*(?::(.*))?$/s;

function parseItem(value: string, previous: ItemFlag[] | undefined): ItemFlag[] {
  const match = SHAPE.exec(value);
  const product = match?.[1]?.trim();
  if (!match || !product)
    throw new InvalidArgumentError(
      'expected PRODUCT:QUANTITY or PRODUCT:QUANTITY:CUSTOMER, e.g. Apples:200 or "Apples:200:Fresh Market"',
    );
  const quantity = Number(match[2]);
  const customer = match[3]?.trim();
  if (!(quantity > 0 && quantity <= MAX_QUANTITY))
    throw new InvalidArgumentError(`the quantity must be above 0 and at most ${MAX_QUANTITY.toLocaleString('en')}`);
  if (product.length > MAX_NAME || (customer?.length ?? 0) > MAX_NAME)
    throw new InvalidArgumentError(`product and customer names are at most ${MAX_NAME} characters`);
  return [...(previous ?? []), { product_name: product, quantity, ...(customer ? { customer_name: customer } : {}) }];
}

/** Adds the repeatable --item option. */
export function itemOption(command: Command): Command {
  return command.option(
    '--item <product:quantity[:customer]>',
    'a line item, e.g. Apples:200 or "Apples:200:Fresh Market" (repeat for more; replaces the items of --data)',
    parseItem,
  );
}
