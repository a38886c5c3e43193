// Customers on purchase orders (§4.6 "Products and customers"): names are matched against the
// organization's companies; an unknown one creates a customer, with both settings false on an
// unassigned order, and with the warehouse's settings on an assigned one, where the warehouse
// may refuse it. Customers an order creates are deleted after the order, by the clean-up.
import type { CheckRun, GroupBuilder } from '../check.js';
import type { RunContext } from '../context.js';
import { orderForRefusals } from '../fixtures/changed-orders.js';
import { createdRecord, listedRecords } from '../fixtures/created.js';
import { productAt } from '../fixtures/products.js';
import { createTimedOrder, orderBody } from '../fixtures/purchase-orders.js';
import { type Exchange, preview } from '../http.js';
import { expectStatus, Problems } from '../problems.js';
import type { ResolvedLocation } from '../profile.js';
import { recordKey, undoRecord } from '../undo.js';

/** An order whose one item names `customer`, at `location` (unassigned without one). */
async function orderForCustomer(ctx: RunContext, customer: string, location?: ResolvedLocation): Promise<Exchange> {
  const product = location ? (await productAt(ctx, location)).record.name : ctx.name('product');
  const fields = {
    ...(location && { location_name: location.name }),
    purchase_order_items: [{ product_name: product, quantity: 1, customer_name: customer }],
  };
  return ctx.send(location ? ctx.writerAt(location) : ctx.admin, 'POST', '/purchase_orders', {
    body: orderBody(ctx, 'order naming a customer', fields),
  });
}

/** The customers named `name`, each registered to be deleted after the order that created it. */
async function customersNamed(ctx: RunContext, name: string, order: Exchange): Promise<Exchange> {
  const list = await ctx.send(ctx.admin, 'GET', '/companies', { query: { name, company_type: 'customer' } });
  const orderId = (order.body as { id?: unknown } | undefined)?.id;
  if (list.status === 200 && Array.isArray(list.body))
    for (const company of listedRecords(list, 'with the customers of that name')) {
      if (company.name !== name) continue;
      const undo = undoRecord(ctx.admin, '/companies', company.id, name);
      ctx.cleanup.add(undo.key, undo.label, undo.run, { before: recordKey('/purchase_orders', orderId) });
    }
  return list;
}

function namedExactly(list: Exchange, name: string) {
  return listedRecords(list, 'with the customers of that name').filter((company) => company.name === name);
}

/** A listed location (home's token can write there) whose declared customer settings pass `test`. */
function declared(run: CheckRun, test: (location: ResolvedLocation) => boolean, what: string): ResolvedLocation {
  const { ctx } = run;
  return (
    [ctx.home, ...ctx.others].find((location) => location.customers && test(location)) ??
    run.skip(`the profile declares no location whose customers ${what} (locations[].customers)`)
  );
}

export function defineCustomers(group: GroupBuilder): void {
  group.check(
    {
      name: 'unassigned_order_creates_customer',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: '§4.6',
      verifies: [
        '§4.6.products-customers.rule-3',
        '§4.6.products-customers.rule-2',
        '§2.5.settings',
        '§2.3.item-fields',
      ],
    },
    async ({ ctx }) => {
      const name = ctx.name('new customer Crème');
      const order = await orderForCustomer(ctx, name);
      createdRecord(order, 'with the order: an unassigned order may name a new customer (§4.6 rule 3)');
      const list = await customersNamed(ctx, name, order);
      const created = namedExactly(list, name);
      const problems = new Problems(list);
      problems.expect(
        created.length === 1,
        'body',
        preview(created),
        `one customer named ${JSON.stringify(name)}, created for the order (§4.6 rules 2 and 3)`,
      );
      if (created.length === 1)
        problems.expect(
          created[0]!.auto_approve_appointments === false && created[0]!.can_create_carriers === false,
          'auto_approve_appointments, can_create_carriers',
          `${preview(created[0]!.auto_approve_appointments)}, ${preview(created[0]!.can_create_carriers)}`,
          'false, false for a customer an unassigned order creates (§4.6 rule 3)',
        );
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'existing_customer_matched',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.products-customers.rule-2'],
    },
    async ({ ctx }) => {
      const name = ctx.name('known customer');
      createdRecord(
        await ctx.send(ctx.admin, 'POST', '/companies', { body: { company: { name, company_type: 'customer' } } }),
        'with the created customer (§4.4)',
      );
      const order = await orderForCustomer(ctx, name);
      createdRecord(order, 'with the order naming a customer that exists (§4.6 rule 2)');
      const list = await customersNamed(ctx, name, order);
      new Problems(list)
        .expect(
          namedExactly(list, name).length === 1,
          'body',
          () => preview(namedExactly(list, name).map((company) => company.id)),
          `the one customer named ${JSON.stringify(name)}: a name that matches a company creates none (§4.6 rule 2)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'warehouse_refuses_new_customer',
      method: 'POST',
      path: '/purchase_orders',
      status: 422,
      section: '§4.6',
      verifies: ['§4.6.products-customers.rule-4'],
    },
    async (run) => {
      const location = declared(run, (l) => l.customers!.create === false, 'may not be created (create: false)');
      const name = run.ctx.name('refused customer');
      const order = await orderForCustomer(run.ctx, name, location);
      await customersNamed(run.ctx, name, order);
      expectStatus(
        order,
        422,
        `for a new customer on an order at ${location.name}, whose settings forbid it (§4.6 rule 4)`,
      );
    },
  );

  group.check(
    {
      name: 'warehouse_customer_settings_applied',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.products-customers.rule-4'],
    },
    async (run) => {
      const location = declared(run, (l) => l.customers!.create, 'may be created (create: true)');
      const settings = location.customers!;
      const name = run.ctx.name('warehouse customer');
      const order = await orderForCustomer(run.ctx, name, location);
      createdRecord(order, `with the order: ${location.name} lets orders create customers (§4.6 rule 4)`);
      const list = await customersNamed(run.ctx, name, order);
      const [created] = namedExactly(list, name);
      const problems = new Problems(list);
      if (!created) problems.add('body', preview(list.body), `a customer named ${JSON.stringify(name)} (§4.6 rule 2)`);
      else
        for (const [field, value] of [
          ['auto_approve_appointments', settings.auto_approve],
          ['can_create_carriers', settings.can_create_carriers],
        ] as const) {
          if (value === undefined) continue;
          problems.expect(
            created[field] === value,
            field,
            preview(created[field]),
            `${value}, ${location.name}'s setting for customers its orders create (§4.6 rule 4)`,
          );
        }
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'move_uses_destination_customer_settings',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 422,
      section: '§4.6',
      verifies: ['§4.6.products-customers.rule-4.move'],
    },
    async (run) => {
      const { ctx } = run;
      const refusing = declared(run, (l) => l.customers!.create === false, 'may not be created (create: false)');
      if (refusing === ctx.home)
        run.skip(`${refusing.name} refuses new customers and is home, where the order to move starts`);
      // At home, meeting what every listed location requires; the refused move leaves it there.
      const { exchange, record } = await orderForRefusals(ctx);
      const name = ctx.name('customer on a move');
      const product = (await productAt(ctx, refusing)).record.name;
      const move = await ctx.send(ctx.admin, 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        body: {
          purchase_order: {
            location_name: refusing.name,
            purchase_order_items: [{ product_name: product, quantity: 1, customer_name: name }],
          },
        },
      });
      // A move wrongly accepted may have created the customer: the clean-up must find it.
      if (move.status >= 200 && move.status < 300) await customersNamed(ctx, name, exchange);
      expectStatus(
        move,
        422,
        `for a move from ${ctx.home.name} to ${refusing.name} naming a new customer: a move uses the destination's ` +
          `settings, and ${refusing.name}'s forbid new customers (§4.6 rule 4)`,
      );
    },
  );

  group.check(
    {
      name: 'unassignment_uses_customer_defaults',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.products-customers.rule-4.clear'],
    },
    async (run) => {
      const { ctx } = run;
      const generous = declared(
        run,
        (l) => l.customers!.create && Boolean(l.customers!.auto_approve || l.customers!.can_create_carriers),
        'are created with auto_approve or can_create_carriers true (create: true)',
      );
      const { exchange, record } = await createTimedOrder(ctx, 'order to unassign with a customer', generous);
      const name = ctx.name('customer on unassignment');
      const update = await ctx.send(ctx.writerAt(generous), 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        body: {
          purchase_order: {
            location_name: null,
            purchase_order_items: [{ product_name: ctx.name('product'), quantity: 1, customer_name: name }],
          },
        },
      });
      const list = await customersNamed(ctx, name, exchange);
      expectStatus(update, 200, `for an order at ${generous.name} unassigned with a new customer (§4.6 rule 3)`);
      const [created] = namedExactly(list, name);
      const problems = new Problems(list);
      if (!created) problems.add('body', preview(list.body), `a customer named ${JSON.stringify(name)} (§4.6 rule 2)`);
      else
        problems.expect(
          created.auto_approve_appointments === false && created.can_create_carriers === false,
          'auto_approve_appointments, can_create_carriers',
          `${preview(created.auto_approve_appointments)}, ${preview(created.can_create_carriers)}`,
          `false, false: clearing the assignment uses the unassigned defaults, not ${generous.name}'s settings (§4.6 rule 4)`,
        );
      problems.throwIfAny();
    },
  );
}
