import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('concurrent writes that overlap', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld({ config: { authFailuresPerMinute: 1000 } })));
  after(() => server.close());

  it('lets bulk uploads naming the same new SKUs, orders and customers in opposite orders all succeed', async () => {
    const run = uniqueId('R');
    const skus = Array.from({ length: 8 }, (_, i) => `${run}-SKU-${i}`);
    const customers = Array.from({ length: 4 }, (_, i) => `${run} Customer ${i}`);
    const upload = (reversed: boolean) => {
      const order = <T>(list: T[]) => (reversed ? [...list].reverse() : list);
      return world.as('admin', 'toronto').post('/bulk_uploads', {
        bulk_upload: {
          products: order(skus).map((sku) => ({ name: `Product ${sku}`, sku })),
          purchase_orders: order([0, 1, 2, 3]).map((i) => ({
            po_number: `${run}-PO-${i}`,
            purchase_order_items: order(customers).map((customer_name) => ({
              product_name: 'Apples',
              quantity: 1,
              customer_name,
            })),
          })),
        },
      });
    };
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(i % 2 === 1)));
    expect(answers.map((res) => res.status)).to.deep.equal(Array(6).fill(200));
    const products = await world.as('admin').get('/products', { name: 'Product ', per_page: 100 });
    expect(products.body.filter((p: { sku: string }) => p.sku.startsWith(run))).to.have.length(8);
    const companies = await world.as('admin').get('/companies', { name: `${run} Customer`, per_page: 100 });
    expect(companies.body).to.have.length(4);
  });

  it('lets creates naming the same new customers in opposite orders all succeed, each customer created once', async () => {
    const run = uniqueId('C');
    const names = ['Alpha', 'Beta', 'Gamma'].map((name) => `${run} ${name}`);
    const create = (reversed: boolean) =>
      world.as('admin').post('/purchase_orders', {
        purchase_order: {
          po_number: uniqueId('PO-'),
          purchase_order_items: (reversed ? [...names].reverse() : names).map((customer_name) => ({
            product_name: 'Apples',
            quantity: 1,
            customer_name,
          })),
        },
      });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => create(i % 2 === 0)));
    expect(answers.map((res) => res.status)).to.deep.equal(Array(8).fill(200));
    const companies = await world.as('admin').get('/companies', { name: run, per_page: 100 });
    expect(companies.body.map((company: { name: string }) => company.name).sort()).to.deep.equal(names);
  });
});
