// What a warehouse requires of an order (§2.3, §4.6 "Products and customers" rule 1), as the
// profile declares it under `requires`: its required fields and its catalog, on create and on
// updates without a location selector; and product names on orders stored as text only.
import type { CheckRun, GroupBuilder } from '../check.js';
import { listedRecords } from '../fixtures/created.js';
import { productAt } from '../fixtures/products.js';
import { assignedOrder, orderBody, textProduct, unassignedOrder } from '../fixtures/purchase-orders.js';
import { preview } from '../http.js';
import { expectValidationErrors, Problems } from '../problems.js';
import type { ResolvedLocation } from '../profile.js';

/** A listed location (home's token can write there) whose declared requirements pass `test`. */
function requiring(run: CheckRun, test: (location: ResolvedLocation) => boolean, what: string): ResolvedLocation {
  const { ctx } = run;
  return (
    [ctx.home, ...ctx.others].find(test) ??
    run.skip(`the profile declares no location that requires ${what} (locations[].requires)`)
  );
}

export function defineOrderRequirements(group: GroupBuilder): void {
  group.check(
    {
      name: 'warehouse_required_field_refused',
      method: 'POST',
      path: '/purchase_orders',
      status: 422,
      section: '§2.3',
      verifies: ['§2.3.warehouse-required-fields'],
    },
    async (run) => {
      const { ctx } = run;
      const location = requiring(run, (l) => l.requires.purchase_order_fields.length > 0, 'order fields');
      const [field] = location.requires.purchase_order_fields;
      const product = (await productAt(ctx, location)).record.name;
      // Everything else the location requires is there, so its 422 can only be about `field`.
      const { [field!]: _left, ...order } = orderBody(ctx, `order without ${field}`, {
        location_name: location.name,
        purchase_order_items: [{ product_name: product, quantity: 1 }],
      }).purchase_order;
      const create = await ctx.send(ctx.writerAt(location), 'POST', '/purchase_orders', {
        body: { purchase_order: order },
      });
      expectValidationErrors(
        create,
        new RegExp(field!),
        `for an order at ${location.name} without ${field}, which its settings require ` +
          "(§2.3: required fields can depend on the assigned warehouse's settings)",
      );
    },
  );

  group.check(
    {
      name: 'warehouse_product_validation_applied',
      method: 'POST',
      path: '/purchase_orders',
      status: 422,
      section: '§4.6',
      verifies: ['§4.6.products-customers.rule-1.validation'],
    },
    async (run) => {
      const { ctx } = run;
      const location = requiring(run, (l) => l.requires.catalog_products, 'catalog products');
      const item = { product_name: ctx.name('product outside the catalog'), quantity: 1 };
      const create = await ctx.send(ctx.writerAt(location), 'POST', '/purchase_orders', {
        body: orderBody(ctx, 'order outside the catalog', {
          location_name: location.name,
          purchase_order_items: [item],
        }),
      });
      expectValidationErrors(
        create,
        /product_name/,
        `for an order at ${location.name} naming a product outside its catalog, which its settings refuse (§4.6 rule 1)`,
      );
      const { record } = await assignedOrder(ctx, location);
      const update = await ctx.send(ctx.writerAt(location), 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        body: { purchase_order: { purchase_order_items: [item] } },
      });
      expectValidationErrors(
        update,
        /product_name/,
        `for an update of an order at ${location.name}, without a location selector, adding a product outside ` +
          'its catalog: the warehouse applies its validation on such updates too (§4.6 rule 1)',
      );
    },
  );

  group.check(
    {
      name: 'order_product_stored_as_text',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.products-customers.rule-1'],
    },
    async ({ ctx }) => {
      await unassignedOrder(ctx);
      const name = textProduct(ctx);
      const list = await ctx.send(ctx.admin, 'GET', '/products', { query: { name } });
      const made = listedRecords(list, 'with the products of that name (§4.3)').filter((p) => p.name === name);
      new Problems(list)
        .expect(
          !made.length,
          'body',
          () => preview(made),
          `no product named ${JSON.stringify(name)}: product names on orders are stored as text, and no product is created (§4.6 rule 1)`,
        )
        .throwIfAny();
    },
  );
}
