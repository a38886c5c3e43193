// What a campaign aims at: the world's addresses and tokens, a few records made through the
// API so that ids and names exist, and hints that steer generated fields to real names.

import { locationNames, type World } from '@warehouse-kit/testing/server';
import fc from 'fast-check';
import type { FuzzTargets } from '../src/index.js';

async function created(world: World, path: string, body: unknown, location?: 'toronto'): Promise<number> {
  const res = await world.as('admin', location).post(path, body);
  if (res.status !== 200) throw new Error(`fuzz seed ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

export async function seedTargets(world: World): Promise<FuzzTargets> {
  const product = await created(world, '/products', { product: { name: 'Fuzz Pears', sku: 'FZ-1' } }, 'toronto');
  const company = await created(world, '/companies', { company: { name: 'Fuzz Freight', company_type: 'carrier' } });
  const order = await created(world, '/purchase_orders', {
    purchase_order: {
      po_number: 'FZ-PO-1',
      location_name: locationNames.toronto,
      purchase_order_items: [{ product_name: 'Apples', quantity: 3 }],
    },
  });
  const appointment = await created(world, '/appointments', {
    appointment: {
      location_name: locationNames.toronto,
      scheduled_at: '2026-06-01T09:00:00',
      packing_lists: [{ po_number: 'FZ-PO-1', product_name: 'Apples', quantity: 3 }],
    },
  });
  return {
    // Mostly addresses that serve, so that requests reach the rules; an unpaid location and an unknown host too.
    hosts: [
      ...Array(3).fill(world.host()),
      ...Array(3).fill(world.host('toronto')),
      world.host('auckland'),
      world.host('vancouver'),
      `nowhere.${world.server.baseHost}`,
    ],
    tokens: [...Array(4).fill(world.token('admin')), world.token('integration'), world.token('viewer')],
    ids: [product, company, order, appointment, 1],
    hints: {
      location_name: fc.constantFrom(...Object.values(locationNames), ' toronto dc ', 'Nowhere DC', '', null),
      product_name: fc.constantFrom('Apples', 'Bananas', 'Fuzz Pears', 'Durian'),
      customer_name: fc.constantFrom('Fresh Market', 'Fuzz Market', null),
      carrier_name: fc.constantFrom('Fast Freight', 'Careful Carriers', 'Fuzz Freight', null),
      dock_name: fc.constantFrom('Dock 1', 'Dock 2', 'Bay 1', null),
      po_number: fc.constantFrom('FZ-PO-1', 'FZ-PO-2', 'FZ-PO-3'),
      state: fc.constantFrom('booked', 'arrived', 'cancelled', 'pending'),
    },
  };
}
