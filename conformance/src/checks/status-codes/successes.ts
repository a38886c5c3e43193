// 200 with the record, or the array of records, on every operation (section 4: "Unless
// noted, success is 200 OK with the record (or an array for lists)").

import { isObject } from '@warehouse-kit/spec';
import { howTheyDiffer } from '../../causes.js';
import type { GroupBuilder } from '../../check.js';
import {
  appointmentList,
  appointmentUpdate,
  appointmentView,
  bookedAppointment,
  UPDATED_DURATION,
} from '../../fixtures/appointments.js';
import { updatedOrder } from '../../fixtures/changed-orders.js';
import { companyList, companyUpdate, companyView, createdCompany } from '../../fixtures/companies.js';
import { locationList } from '../../fixtures/locations.js';
import { pagedProducts } from '../../fixtures/pages.js';
import {
  productAt,
  productLimits,
  productList,
  productRenamed,
  productView,
  updatedProduct,
} from '../../fixtures/products.js';
import { assignedOrder, bookedOrders, orderList, orderView } from '../../fixtures/purchase-orders.js';
import { type Exchange, preview } from '../../http.js';
import { expectStatus, Problems } from '../../problems.js';

const sameName = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/** 200 and a record whose fields equal `expected` (location names compared as the API matches them). */
function expectRecord(exchange: Exchange, expected: Record<string, unknown>, documented: string): void {
  expectStatus(exchange, 200, documented);
  const problems = new Problems(exchange);
  if (!isObject(exchange.body)) problems.add('body', preview(exchange.body), `the record ${documented}`);
  else {
    for (const [field, value] of Object.entries(expected)) {
      const received = exchange.body[field];
      const equal = field === 'location_name' ? sameName(received, value) : received === value;
      problems.expect(
        equal,
        `body.${field}`,
        () => preview(received) + howTheyDiffer(received, value),
        `${JSON.stringify(value)}, as sent or stored (${documented})`,
      );
    }
  }
  problems.throwIfAny();
}

/** 200 and an array that holds the record with `id` when one is given. */
function expectList(
  exchange: Exchange,
  documented: string,
  id?: number,
  records: (body: unknown) => unknown = (body) => body,
): void {
  expectStatus(exchange, 200, documented);
  const list = records(exchange.body);
  const problems = new Problems(exchange);
  if (!Array.isArray(list)) problems.add('body', preview(exchange.body), `an array ${documented}`);
  else if (id !== undefined)
    problems.expect(
      list.some((r) => isObject(r) && r.id === id),
      'body',
      () => preview(list.map((r) => (isObject(r) ? r.id : r))),
      `an array holding record ${id} (${documented})`,
    );
  problems.throwIfAny();
}

export function defineSuccesses(group: GroupBuilder): void {
  group.check(
    {
      name: 'success_returns_list',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: '§4.2',
      verifies: [
        '§4.2.route',
        '§4.2.response',
        '§4.1.locations',
        '§1.organization-interface',
        '§5.rule-2.existing-token',
        '§4.success-200',
      ],
    },
    async ({ ctx }) => {
      const list = await locationList(ctx);
      expectStatus(list, 200, 'with the accessible locations (§4.2)');
      const problems = new Problems(list);
      const names = Array.isArray(list.body) ? list.body.map((l) => (isObject(l) ? l.name : undefined)) : [];
      problems.expect(
        Array.isArray(list.body) &&
          list.body.every((l) => isObject(l) && typeof l.name === 'string' && typeof l.url === 'string'),
        'body',
        () => preview(list.body),
        'an array of {name, url} (§4.2)',
      );
      for (const location of ctx.profile.locations) {
        problems.expect(
          names.some((name) => sameName(name, location.name)),
          'body',
          () => preview(names),
          `an entry named ${location.name}, which the admin token can access (§4.2)`,
        );
      }
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'POST',
      path: '/products',
      status: 200,
      section: '§4.3',
      verifies: ['§4.3.create', '§2.2.id', '§4.read-and-create-routes', '§4.success-200'],
    },
    async ({ ctx }) => {
      const { exchange } = await productAt(ctx);
      expectRecord(
        exchange,
        { name: ctx.name(`product at ${ctx.home.name}`), location_name: ctx.home.name },
        'with the created product and its generated id (§4.3)',
      );
    },
  );

  group.check(
    {
      name: 'organization_interface_sku_optional',
      method: 'POST',
      path: '/products',
      status: 200,
      section: '§2.2',
      verifies: ['§2.2.rule-3'],
    },
    async ({ ctx }) => {
      const withoutSku = (await pagedProducts(ctx)).at(-1)!;
      expectRecord(
        withoutSku.exchange,
        { name: withoutSku.record.name, location_name: ctx.home.name },
        'with a product created without a SKU on the organization interface (§2.2 rule 3)',
      );
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'GET',
      path: '/products/{id}',
      status: 200,
      section: '§4.3',
      verifies: ['§4.3.view', '§4.numeric-ids', '§4.read-and-create-routes', '§4.1.rule-2.inferred'],
    },
    async ({ ctx }) => {
      const { record } = await productAt(ctx);
      expectRecord(
        await productView(ctx),
        { id: record.id, name: record.name, sku: record.sku, location_name: ctx.home.name },
        'with the product (§4.3)',
      );
    },
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    group.check(
      {
        name: 'success_returns_record',
        method,
        path: '/products/{id}',
        status: 200,
        section: '§4.3',
        // Only the name is sent: the rest of the product must stay as it was.
        verifies: ['§4.3.update', '§4.patch-and-put', '§4.3.partial-update'],
      },
      async ({ ctx }) => {
        const { record } = await updatedProduct(ctx);
        const { name, update } = await productRenamed(ctx, method);
        expectRecord(
          update,
          { id: record.id, name, sku: record.sku },
          `with the updated product (§4.3: update by ${method})`,
        );
      },
    );
  }

  group.check(
    {
      name: 'success_returns_list',
      method: 'GET',
      path: '/products',
      status: 200,
      section: '§4.3',
      verifies: ['§4.3.list', '§4.1.products'],
    },
    async ({ ctx }) => {
      const { record } = await productAt(ctx);
      expectList(await productList(ctx), 'of products, filtered by name (§4.3)', record.id);
    },
  );

  group.check(
    {
      name: 'unpaid_location_served_by_organization',
      method: 'GET',
      path: '/products',
      status: 200,
      section: '§5',
      verifies: ['§5.rule-4.unpaid-locations'],
    },
    async ({ ctx, skip }) => {
      const unpaid =
        ctx.profile.locations.find((location) => !location.paid) ??
        skip('the profile lists no unpaid location (paid: false)');
      const list = await ctx.send(ctx.admin, 'GET', '/products', {
        query: { location_name: unpaid.name, per_page: 1 },
      });
      expectList(
        list,
        `of ${unpaid.name}'s products: with a paid location in the organization, ` +
          'the organization interface works for unpaid ones too (§5 rule 4)',
      );
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'POST',
      path: '/companies',
      status: 200,
      section: '§4.4',
      verifies: ['§4.4.create', '§2.5.fields', '§4.1.companies'],
    },
    async ({ ctx }) => {
      const { exchange } = await createdCompany(ctx);
      expectRecord(
        exchange,
        { name: ctx.name('carrier company'), company_type: 'carrier' },
        'with the created company (§4.4)',
      );
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'GET',
      path: '/companies/{id}',
      status: 200,
      section: '§4.4',
      verifies: ['§4.4.view'],
    },
    async ({ ctx }) => {
      const { record } = await createdCompany(ctx);
      expectRecord(await companyView(ctx), { id: record.id, name: record.name }, 'with the company (§4.4)');
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'PATCH',
      path: '/companies/{id}',
      status: 200,
      section: '§4.4',
      verifies: ['§4.4.update'],
    },
    async ({ ctx }) => {
      const { record } = await createdCompany(ctx);
      const { name, update } = await companyUpdate(ctx);
      expectRecord(update, { id: record.id, name }, 'with the renamed company (§4.4)');
    },
  );

  group.check(
    {
      name: 'success_returns_list',
      method: 'GET',
      path: '/companies',
      status: 200,
      section: '§4.4',
      verifies: ['§4.4.list'],
    },
    async ({ ctx }) => {
      expectList(await companyList(ctx), 'of companies (§4.4)');
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.create', '§2.3.response-id-and-location', '§4.1.purchase-orders', '§3.create-assigned'],
    },
    async ({ ctx }) => {
      const { exchange, record } = await assignedOrder(ctx);
      expectRecord(
        exchange,
        { po_number: record.po_number, location_name: ctx.home.name },
        'with the created order and its id (§4.6)',
      );
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'GET',
      path: '/purchase_orders/{id}',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.view'],
    },
    async ({ ctx }) => {
      const { record } = await assignedOrder(ctx);
      expectRecord(
        await orderView(ctx),
        { id: record.id, po_number: record.po_number, location_name: ctx.home.name },
        'with the order (§4.6)',
      );
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.update', '§4.6.update.rule-1.omitted', '§3.location-omitted'],
    },
    async ({ ctx }) => {
      const { order, update, notes } = await updatedOrder(ctx);
      expectRecord(
        update,
        { id: order.record.id, notes, location_name: ctx.home.name },
        'with the updated order (§4.6: update by PATCH)',
      );
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'PUT',
      path: '/purchase_orders/{id}',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.update', '§4.patch-and-put'],
    },
    async ({ ctx }) => {
      const { order } = await updatedOrder(ctx);
      const notes = ctx.name('order updated by PUT');
      const update = await ctx.send(ctx.admin, 'PUT', '/purchase_orders/{id}', {
        path: { id: order.record.id },
        body: { purchase_order: { notes } },
      });
      expectRecord(
        update,
        { id: order.record.id, notes, location_name: ctx.home.name },
        'with the updated order (§4.6: update by PUT)',
      );
    },
  );

  group.check(
    {
      name: 'success_returns_list',
      method: 'GET',
      path: '/purchase_orders',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.list', '§4.6.list.po-number-filter'],
    },
    async ({ ctx }) => {
      const { record } = await assignedOrder(ctx);
      expectList(await orderList(ctx), 'of orders, filtered by po_number (§4.6)', record.id);
    },
  );

  group.check(
    {
      name: 'success_returns_list',
      method: 'GET',
      path: '/purchase_orders/with_booked_appointments',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.booked'],
    },
    async ({ ctx }) => {
      expectList(await bookedOrders(ctx), 'of orders with booked appointments (§4.6)');
    },
  );

  group.check(
    {
      name: 'success_returns_list',
      method: 'GET',
      path: '/appointments',
      status: 200,
      section: '§4.5',
      verifies: ['§4.5.list', '§4.1.appointments'],
    },
    async (run) => {
      expectList(await appointmentList(run), 'of appointments (§4.5)');
    },
  );

  group.check(
    {
      name: 'success_returns_list',
      method: 'GET',
      path: '/product_limits',
      status: 200,
      section: '§4.7',
      verifies: ['§4.7.route', '§4.7.response', '§2.6.array', '§4.1.product-limits'],
    },
    async ({ ctx }) => {
      const limits = await productLimits(ctx);
      expectList(limits, 'holding a product_limits array (§4.7)', undefined, (body) =>
        isObject(body) ? body.product_limits : undefined,
      );
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'POST',
      path: '/appointments',
      status: 200,
      section: '§4.5',
      verifies: ['§4.5.create', '§4.1.appointments'],
    },
    async (run) => {
      const { exchange } = await bookedAppointment(run);
      expectRecord(exchange, { location_name: run.ctx.home.name }, 'with the created appointment (§4.5)');
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'GET',
      path: '/appointments/{id}',
      status: 200,
      section: '§4.5',
      verifies: ['§4.5.view', '§2.4.response-fields'],
    },
    async (run) => {
      const { record } = await bookedAppointment(run);
      expectRecord(
        await appointmentView(run),
        { id: record.id, location_name: run.ctx.home.name },
        'with the appointment (§4.5)',
      );
    },
  );

  group.check(
    {
      name: 'success_returns_record',
      method: 'PATCH',
      path: '/appointments/{id}',
      status: 200,
      section: '§4.5',
      verifies: ['§4.5.update', '§2.4.location-inferred-on-update', '§2.4.duration'],
    },
    async (run) => {
      const { record } = await bookedAppointment(run);
      expectRecord(
        await appointmentUpdate(run),
        { id: record.id, duration: UPDATED_DURATION },
        'with the updated appointment (§4.5)',
      );
    },
  );
}
