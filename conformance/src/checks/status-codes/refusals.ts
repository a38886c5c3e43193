// The 4xx answers the reference documents (sections 4.1, 4.6, 5 and 7), and 204 on delete.
import type { GroupBuilder } from '../../check.js';
import { bookedAppointment } from '../../fixtures/appointments.js';
import { orderForRefusals } from '../../fixtures/changed-orders.js';
import { deletedProduct, productAt } from '../../fixtures/products.js';
import { assignedOrder, createdUnassigned, deletedOrder } from '../../fixtures/purchase-orders.js';
import {
  duplicateSku,
  inaccessibleLocation,
  invalidTimeFilter,
  invalidToken,
  missingLocationName,
  missingToken,
  noAdminRequest,
  readOnlyCreate,
  unknownLocation,
  unpaidOrganization,
} from '../../fixtures/refusals.js';
import { type Exchange, preview } from '../../http.js';
import { listedLocation, paidLocation, secondLocation } from '../../needs.js';
import { expectLocationNameRequired, expectStatus, expectValidationErrors, Problems } from '../../problems.js';

function expectNoContent(exchange: Exchange, documented: string): void {
  expectStatus(exchange, 204, documented);
  new Problems(exchange)
    .expect(exchange.text === '', 'body', () => preview(exchange.text), 'no body (204 No Content)')
    .throwIfAny();
}

export function defineRefusals(group: GroupBuilder): void {
  group.check(
    {
      name: 'missing_token_rejected',
      method: 'GET',
      path: '/locations',
      status: 401,
      section: '§5',
      verifies: ['§5.rule-5.401', '§4.authorization-required', '§5.rule-1', '§7.401'],
    },
    async ({ ctx }) => {
      expectStatus(await missingToken(ctx), 401, 'when the Authorization header is missing (§5 rule 5)');
    },
  );

  group.check(
    {
      name: 'invalid_token_rejected',
      method: 'GET',
      path: '/products',
      status: 401,
      section: '§5',
      verifies: ['§5.rule-5.401', '§7.401'],
    },
    async ({ ctx }) => {
      expectStatus(await invalidToken(ctx), 401, 'for a token the deployment never issued (§5 rule 5)');
    },
  );

  group.check(
    {
      name: 'unpaid_organization_refused',
      method: 'GET',
      path: '/locations',
      status: 402,
      section: '§5',
      verifies: ['§5.rule-4', '§5.rule-4.otherwise-402', '§7.402'],
    },
    async (run) => {
      expectStatus(
        await unpaidOrganization(run),
        402,
        'when no location of the organization has a paid subscription (§5 rule 4)',
      );
    },
  );

  group.check(
    {
      name: 'inaccessible_location_forbidden',
      method: 'GET',
      path: '/products',
      status: 403,
      section: '§4.1',
      verifies: ['§4.1.rule-6', '§5.rule-3', '§7.403'],
    },
    async (run) => {
      expectStatus(
        await inaccessibleLocation(run),
        403,
        `for a location_name the API user cannot access (§4.1 rule 6)`,
      );
    },
  );

  group.check(
    {
      name: 'no_admin_access_forbidden',
      method: 'GET',
      path: '/locations',
      status: 403,
      section: '§5',
      verifies: ['§5.rule-3', '§7.403'],
    },
    async (run) => {
      expectStatus(
        await noAdminRequest(run),
        403,
        'for a token that is admin at no location of the organization (§5 rule 3; §7: no admin access)',
      );
    },
  );

  group.check(
    {
      name: 'read_only_write_forbidden',
      method: 'POST',
      path: '/products',
      status: 403,
      section: '§5',
      verifies: ['§5.rule-3.read-only', '§5.rule-5.403'],
    },
    async (run) => {
      expectStatus(
        await readOnlyCreate(run),
        403,
        'for a create at a location where the role is read-only (§5 rule 3)',
      );
    },
  );

  group.check(
    {
      name: 'read_only_write_forbidden',
      method: 'PATCH',
      path: '/products/{id}',
      status: 403,
      section: '§5',
      verifies: ['§5.rule-3.read-only', '§5.rule-5.403'],
    },
    async (run) => {
      const { ctx } = run;
      const readOnly = ctx.readOnly!;
      const { record } = await productAt(ctx, listedLocation(run, readOnly.location, 'read_only'));
      const update = await ctx.send(readOnly, 'PATCH', '/products/{id}', {
        path: { id: record.id },
        body: { product: { name: ctx.name('renamed read-only') } },
      });
      expectStatus(update, 403, `for an update at ${readOnly.location}, where the role is read-only (§5 rule 3)`);
    },
  );

  group.check(
    {
      name: 'destination_without_access_forbidden',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 403,
      section: '§4.6',
      verifies: ['§4.6.update.rule-2.destination', '§7.403'],
    },
    async ({ ctx }) => {
      const noAccess = ctx.noAccess!;
      const { record } = await createdUnassigned(ctx, '');
      const move = await ctx.send(noAccess, 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        body: { purchase_order: { location_name: noAccess.location } },
      });
      expectStatus(move, 403, 'when the API user has no access to the destination (§4.6 update rule 2)');
    },
  );

  group.check(
    {
      name: 'unknown_location_not_found',
      method: 'GET',
      path: '/products',
      status: 404,
      section: '§7',
      verifies: ['§7.404'],
    },
    async ({ ctx }) => {
      expectStatus(await unknownLocation(ctx), 404, 'for a location_name no location has (§7)');
    },
  );

  group.check(
    {
      name: 'unknown_record_not_found',
      method: 'GET',
      path: '/products/{id}',
      status: 404,
      section: '§7',
      verifies: ['§7.404'],
    },
    async ({ ctx }) => {
      expectStatus((await deletedProduct(ctx)).afterwards, 404, 'for the id of a product deleted a moment ago (§7)');
    },
  );

  group.check(
    {
      name: 'unknown_record_not_found',
      method: 'GET',
      path: '/purchase_orders/{id}',
      status: 404,
      section: '§7',
      verifies: ['§7.404'],
    },
    async ({ ctx }) => {
      expectStatus((await deletedOrder(ctx)).afterwards, 404, 'for the id of an order deleted a moment ago (§7)');
    },
  );

  group.check(
    {
      name: 'inaccessible_record_not_found',
      method: 'GET',
      path: '/products/{id}',
      status: 404,
      section: '§4.3',
      verifies: ['§4.3.not-found', '§7.404'],
    },
    async (run) => {
      const { ctx } = run;
      const noAccess = ctx.noAccess!;
      const { record } = await productAt(ctx, listedLocation(run, noAccess.location, 'no_access'));
      const view = await ctx.send(noAccess, 'GET', '/products/{id}', { path: { id: record.id } });
      expectStatus(view, 404, `for a product at ${noAccess.location}, which the API user cannot access (§4.3)`);
    },
  );

  group.check(
    {
      name: 'inaccessible_record_not_found',
      method: 'GET',
      path: '/purchase_orders/{id}',
      status: 404,
      section: '§4.6',
      verifies: ['§4.6.not-found', '§7.404'],
    },
    async (run) => {
      const { ctx } = run;
      const noAccess = ctx.noAccess!;
      const { record } = await assignedOrder(ctx, listedLocation(run, noAccess.location, 'no_access'));
      const view = await ctx.send(noAccess, 'GET', '/purchase_orders/{id}', { path: { id: record.id } });
      expectStatus(view, 404, `for an order at ${noAccess.location}, which the API user cannot access (§4.6)`);
    },
  );

  group.check(
    {
      name: 'record_outside_location_filter_not_found',
      method: 'GET',
      path: '/products/{id}',
      status: 404,
      section: '§4.1',
      verifies: ['§4.1.rule-3', '§4.3.not-found'],
    },
    async (run) => {
      const other = secondLocation(run);
      const { record } = await productAt(run.ctx);
      const view = await run.ctx.send(run.ctx.admin, 'GET', '/products/{id}', {
        path: { id: record.id },
        query: { location_name: other.name },
      });
      expectStatus(
        view,
        404,
        `for a product at ${run.ctx.home.name} looked up with location_name ${other.name} (§4.1 rule 3)`,
      );
    },
  );

  group.check(
    {
      name: 'record_outside_location_filter_not_found',
      method: 'GET',
      path: '/purchase_orders/{id}',
      status: 404,
      section: '§4.1',
      verifies: ['§4.1.rule-3', '§4.6.update.rule-3.url'],
    },
    async (run) => {
      const other = secondLocation(run);
      const { record } = await assignedOrder(run.ctx);
      const view = await run.ctx.send(run.ctx.admin, 'GET', '/purchase_orders/{id}', {
        path: { id: record.id },
        query: { location_name: other.name },
      });
      expectStatus(
        view,
        404,
        `for an order at ${run.ctx.home.name} looked up with location_name ${other.name} (§4.1 rule 3)`,
      );
    },
  );

  group.check(
    {
      name: 'missing_location_name_rejected',
      method: 'POST',
      path: '/products',
      status: 400,
      section: '§4.1',
      verifies: ['§4.1.rule-4.absent', '§4.1.products', '§2.2.location-name-on-create', '§7.400', '§7.body-400'],
    },
    async ({ ctx }) => {
      expectLocationNameRequired(await missingLocationName(ctx), 'a product');
    },
  );

  group.check(
    {
      name: 'mismatched_location_names_rejected',
      method: 'POST',
      path: '/products',
      status: 400,
      section: '§4.1',
      verifies: ['§4.1.rule-4.names-match', '§7.400'],
    },
    async (run) => {
      const { ctx } = run;
      const other = secondLocation(run);
      const create = await ctx.send(ctx.admin, 'POST', '/products', {
        query: { location_name: ctx.home.name },
        body: { product: { name: ctx.name('mismatched product'), sku: ctx.code(), location_name: other.name } },
      });
      expectStatus(create, 400, `when the URL names ${ctx.home.name} and the body ${other.name} (§4.1 rule 4)`);
    },
  );

  group.check(
    {
      name: 'mismatched_location_names_rejected',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 400,
      section: '§4.6',
      verifies: ['§4.6.update.rule-3.names-match', '§7.400'],
    },
    async (run) => {
      const { ctx } = run;
      const other = secondLocation(run);
      const { record } = await orderForRefusals(ctx);
      const update = await ctx.send(ctx.admin, 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        query: { location_name: ctx.home.name },
        body: { purchase_order: { location_name: other.name } },
      });
      expectStatus(update, 400, `when the URL names ${ctx.home.name} and the body ${other.name} (§4.6 update rule 3)`);
    },
  );

  group.check(
    {
      name: 'invalid_time_filter_rejected',
      method: 'GET',
      path: '/purchase_orders/with_booked_appointments',
      status: 400,
      section: '§4.6',
      verifies: ['§4.6.list.time-filters', '§7.400'],
    },
    async ({ ctx }) => {
      expectStatus(await invalidTimeFilter(ctx), 400, 'for start_time=not-a-time (§4.6: invalid filters return 400)');
    },
  );

  group.check(
    {
      name: 'validation_failure_shape',
      method: 'POST',
      path: '/products',
      status: 422,
      section: '§7',
      verifies: ['§2.2.sku-unique-in-location', '§7.422', '§7.body-422'],
    },
    async ({ ctx }) => {
      expectValidationErrors(
        await duplicateSku(ctx),
        /sku/i,
        'for a SKU already used at the same location (§7: duplicate SKU)',
      );
    },
  );

  group.check(
    {
      name: 'validation_failure_shape',
      method: 'POST',
      path: '/purchase_orders',
      status: 422,
      section: '§4.6',
      verifies: ['§4.6.custom-fields.rule-6', '§7.422', '§7.body-422'],
    },
    async ({ ctx }) => {
      const key = `${ctx.prefix.replace('-', '_')}_unknown_field`;
      const create = await ctx.send(ctx.admin, 'POST', '/purchase_orders', {
        body: { purchase_order: { po_number: ctx.code(), custom_values: { [key]: 'x' } } },
      });
      expectValidationErrors(
        create,
        new RegExp(key),
        `for custom_values naming the unknown field ${key} (§4.6 custom fields rule 6)`,
      );
    },
  );

  group.check(
    {
      name: 'location_interface_requires_sku',
      method: 'POST',
      path: '/products',
      status: 422,
      section: '§2.2',
      verifies: ['§2.2.rule-2'],
    },
    async (run) => {
      const location = paidLocation(run);
      const create = await run.ctx.send(run.ctx.adminAt(location), 'POST', '/products', {
        body: { product: { name: run.ctx.name('product without sku') } },
      });
      expectValidationErrors(
        create,
        /sku/i,
        `for a product without a SKU on ${location.name}'s location interface, ` +
          'where name and sku are both required (§2.2 rule 2)',
      );
    },
  );

  group.check(
    {
      name: 'referenced_product_not_deleted',
      method: 'DELETE',
      path: '/products/{id}',
      status: 422,
      section: '§2.2',
      verifies: ['§2.2.rule-4', '§7.422'],
    },
    async (run) => {
      await bookedAppointment(run);
      const { record } = await productAt(run.ctx);
      const deletion = await run.ctx.send(run.ctx.admin, 'DELETE', '/products/{id}', { path: { id: record.id } });
      expectValidationErrors(
        deletion,
        /./,
        'for a product the packing list of a booked appointment names ' +
          '(§2.2 rule 4, §7: product still referenced on delete)',
      );
    },
  );

  group.check(
    {
      name: 'delete_answers_no_content',
      method: 'DELETE',
      path: '/products/{id}',
      status: 204,
      section: '§4.3',
      verifies: ['§4.3.delete', '§4.1.products', '§4.1.rule-2.inferred'],
    },
    async ({ ctx }) => {
      expectNoContent((await deletedProduct(ctx)).deletion, 'with no body (§4.3)');
    },
  );

  group.check(
    {
      name: 'delete_answers_no_content',
      method: 'DELETE',
      path: '/purchase_orders/{id}',
      status: 204,
      section: '§4.6',
      verifies: ['§4.6.delete', '§4.1.purchase-orders'],
    },
    async ({ ctx }) => {
      expectNoContent((await deletedOrder(ctx)).deletion, 'No Content (§4.6)');
    },
  );
}
