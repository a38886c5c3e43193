// The uniqueness the spec's x-prose-rules states (DECISIONS 25, 49), for generated clients and
// fuzzers that read it: SKUs per location and company names per type compare case-insensitively,
// purchase order numbers exactly, and product names need not be unique.

import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('uniqueness, as x-prose-rules states it', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const product = (name: string, sku: string) => ({ product: { name, sku, location_name: 'Toronto DC' } });

  it('lets two products of one location share a name, and refuses a SKU that differs only in case', async () => {
    const admin = world.as('admin');
    expect((await admin.post('/products', product('Twin', 'TWIN-a'))).status).to.equal(200);
    expect((await admin.post('/products', product('Twin', 'TWIN-b'))).status).to.equal(200);
    const sku = await admin.post('/products', product('Other', 'twin-A'));
    expect(sku.status).to.equal(422);
    expect(sku.body.errors).to.deep.equal({ sku: ['has already been taken'] });
  });

  it('keeps purchase order numbers that differ only in case apart, and refuses the same number', async () => {
    const admin = world.as('admin');
    const order = (po_number: string) => admin.post('/purchase_orders', { purchase_order: { po_number } });
    expect((await order('PO-Case-1')).status).to.equal(200);
    expect((await order('po-case-1')).status).to.equal(200);
    const again = await order(' PO-Case-1 ');
    expect(again.status).to.equal(422);
    expect(again.body.errors).to.deep.equal({ po_number: ['has already been taken'] });
  });

  it('refuses a company name of the same type that differs only in case, and takes it for the other type', async () => {
    const admin = world.as('admin');
    const company = (name: string, company_type: string) =>
      admin.post('/companies', { company: { name, company_type } });
    expect((await company('Unique Freight', 'carrier')).status).to.equal(200);
    const same = await company('UNIQUE freight', 'carrier');
    expect(same.status).to.equal(422);
    expect(same.body.errors).to.deep.equal({ name: ['has already been taken by another carrier'] });
    expect((await company('unique FREIGHT', 'customer')).status).to.equal(200);
  });
});
