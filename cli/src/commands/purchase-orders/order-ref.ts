// Commands that act on one order take its ID or, since ops people know orders by number,
// --po-number.

import { type Schema, unwrap, type WarehouseClient } from '@warehouse-kit/sdk';
import type { Command } from 'commander';
import { UnknownNameError, UsageError } from '../../errors.js';
import { recordId } from '../shared/arguments.js';
import { findByPoNumber } from './find.js';

export interface OrderRefFlags {
  poNumber?: string;
}

export function orderRef(command: Command): Command {
  return command
    .argument('[id]', 'purchase order ID', recordId)
    .option('--po-number <number>', 'find the order by its PO number instead of its ID');
}

function checkRef(id: number | undefined, poNumber: string | undefined): void {
  if (id !== undefined && poNumber !== undefined) throw new UsageError('give an order ID or --po-number, not both');
  if (id === undefined && poNumber === undefined) throw new UsageError('give an order ID or --po-number');
}

async function byPoNumber(client: WarehouseClient, poNumber: string): Promise<Schema<'PurchaseOrder'>> {
  const order = await findByPoNumber(client, poNumber);
  if (!order) throw new UnknownNameError(`no purchase order with PO number ${JSON.stringify(poNumber)}`);
  return order;
}

/** The ID of the order the command line names; a PO number costs one lookup. */
export async function orderId(
  client: WarehouseClient,
  id: number | undefined,
  { poNumber }: OrderRefFlags,
): Promise<number> {
  checkRef(id, poNumber);
  return id ?? (await byPoNumber(client, poNumber!)).id;
}

/** The order the command line names, fetched. */
export async function fetchOrder(
  client: WarehouseClient,
  id: number | undefined,
  { poNumber }: OrderRefFlags,
): Promise<Schema<'PurchaseOrder'>> {
  checkRef(id, poNumber);
  if (id === undefined) return byPoNumber(client, poNumber!);
  return unwrap(client.GET('/purchase_orders/{id}', { params: { path: { id } } }));
}
