// Products (§2.2, §4.1, §4.3): a name on create, SKUs unique per location but free to repeat
// across them, the owner named in every answer, the name and sku filters, lists across
// locations, `location_name` in the URL on create, and the same routes on a location interface.

import { isObject } from '@warehouse-kit/spec';
import type { GroupBuilder } from '../../check.js';
import { listedRecords } from '../../fixtures/created.js';
import { listedName } from '../../fixtures/locations.js';
import { productAt, productList, productRenamed, productsAcross, productView } from '../../fixtures/products.js';
import { type Exchange, preview } from '../../http.js';
import { paidLocation, secondLocation } from '../../needs.js';
import { expectStatus, expectSuccess, expectValidationErrors, Problems } from '../../problems.js';
import { expectVerbatim } from '../../verbatim.js';

/** Whether a list answer holds the record `id`, for a message. */
const holds = (exchange: Exchange, id: number, documented: string) =>
  listedRecords(exchange, documented).some((record) => record.id === id);

export function defineProductRecords(group: GroupBuilder): void {
  group.check(
    {
      name: 'product_name_required',
      method: 'POST',
      path: '/products',
      status: 422,
      section: '§2.2',
      verifies: ['§2.2.name'],
    },
    async ({ ctx }) => {
      for (const [what, product] of [
        ['without a name', { sku: ctx.code(), location_name: ctx.home.name }],
        ['with an empty name', { name: '', sku: ctx.code(), location_name: ctx.home.name }],
      ] as const) {
        const create = await ctx.send(ctx.admin, 'POST', '/products', { body: { product } });
        expectValidationErrors(
          create,
          /name/,
          `for a product ${what}: a name is required and must not be empty (§2.2)`,
        );
      }
    },
  );

  group.check(
    {
      name: 'sku_repeats_across_locations',
      method: 'POST',
      path: '/products',
      status: 200,
      section: '§2.2',
      verifies: ['§2.2.rule-1'],
    },
    async (run) => {
      const { ctx } = run;
      const other = secondLocation(run);
      const { record } = await productAt(ctx);
      const create = await ctx.send(ctx.writerAt(other), 'POST', '/products', {
        body: { product: { name: record.name, sku: record.sku, location_name: other.name } },
      });
      expectSuccess(
        create,
        `for ${record.name} with SKU ${record.sku} at ${other.name}, as it is at ${ctx.home.name}: ` +
          'names and SKUs may repeat across locations (§2.2 rule 1)',
      );
      const problems = new Problems(create);
      expectVerbatim(problems, create.body, { location_name: await listedName(ctx, other) }, 'the owner (§2.2 rule 1)');
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'owner_in_every_product_answer',
      method: 'GET',
      path: '/products',
      status: 200,
      section: '§2.2',
      verifies: ['§2.2.location-name-in-responses', '§2.2.rule-1'],
    },
    async ({ ctx }) => {
      const { record, exchange } = await productAt(ctx);
      const owner = await listedName(ctx, ctx.home);
      const [view, list, { update }] = [
        await productView(ctx),
        await productList(ctx),
        await productRenamed(ctx, 'PATCH'),
      ];
      const listed = listedRecords(list, "with the run's products (§4.3)").find((product) => product.id === record.id);
      for (const [what, answer, body] of [
        ['create', exchange, exchange.body],
        ['show', view, view.body],
        ['list', list, listed ?? {}],
        ['update', update, update.body],
      ] as const) {
        expectSuccess(answer, `with the product (§4.3)`);
        const problems = new Problems(answer);
        problems.expect(
          isObject(body) && 'location_name' in body,
          `${what}: location_name`,
          () => (isObject(body) ? `no such field in ${preview(body)}` : preview(body)),
          `${JSON.stringify(owner)}, the owning warehouse: included in list, show, create and update responses (§2.2)`,
        );
        if (isObject(body) && 'location_name' in body)
          expectVerbatim(problems, body, { location_name: owner }, 'the owning warehouse (§2.2)', `${what}: `);
        problems.throwIfAny();
      }
    },
  );

  group.check(
    {
      name: 'name_filter_starts_with_any_case',
      method: 'GET',
      path: '/products',
      status: 200,
      section: '§4.3',
      verifies: ['§4.3.name-filter'],
    },
    async ({ ctx }) => {
      const { record } = await productAt(ctx);
      const name = record.name as string;
      const start = ctx.name('product at').toUpperCase();
      const upper = await ctx.send(ctx.admin, 'GET', '/products', { query: { name: start } });
      new Problems(upper)
        .expect(
          holds(upper, record.id, 'with the products whose name starts with that'),
          'body',
          () => preview(listedRecords(upper, 'with products').map((product) => product.id)),
          `product ${record.id} (${JSON.stringify(name)}): name=${start} matches the start of its name in any case (§4.3)`,
        )
        .throwIfAny();
      const inside = name.slice(ctx.prefix.length + 1);
      const middle = await ctx.send(ctx.admin, 'GET', '/products', { query: { name: inside } });
      new Problems(middle)
        .expect(
          !holds(middle, record.id, 'with the products whose name starts with that'),
          'body',
          () => `product ${record.id} listed`,
          `no product ${record.id} (${JSON.stringify(name)}): name=${inside} is inside its name, not at its start (§4.3)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'sku_filter_exact_any_case',
      method: 'GET',
      path: '/products',
      status: 200,
      section: '§4.3',
      verifies: ['§4.3.sku-filter'],
    },
    async ({ ctx }) => {
      const { record } = await productAt(ctx);
      const sku = record.sku as string;
      const lower = await ctx.send(ctx.admin, 'GET', '/products', { query: { sku: sku.toLowerCase() } });
      new Problems(lower)
        .expect(
          holds(lower, record.id, 'with the products of that SKU'),
          'body',
          () => preview(listedRecords(lower, 'with products').map((product) => product.id)),
          `product ${record.id}: sku=${sku.toLowerCase()} matches its SKU ${sku} in any case (§4.3)`,
        )
        .throwIfAny();
      const start = sku.slice(0, -1);
      const partial = await ctx.send(ctx.admin, 'GET', '/products', { query: { sku: start } });
      new Problems(partial)
        .expect(
          !holds(partial, record.id, 'with the products of that SKU'),
          'body',
          () => `product ${record.id} listed`,
          `no product ${record.id}: sku=${start} is only the start of its SKU ${sku}, and the match is exact (§4.3)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'list_spans_accessible_locations',
      method: 'GET',
      path: '/products',
      status: 200,
      section: '§4.1',
      verifies: ['§4.1.rule-2', '§4.3.combined-catalogs'],
    },
    async (run) => {
      // Skips with one listed location: a list of one catalog shows nothing combined.
      secondLocation(run);
      const { locations, created, list } = await productsAcross(run);
      const ids = listedRecords(list, "with the run's products at every location (§4.3)").map((product) => product.id);
      const problems = new Problems(list);
      locations.forEach((location, i) => {
        const { id } = created[i]!.record;
        problems.expect(
          ids.includes(id),
          'body',
          () => preview(ids),
          `product ${id} at ${location.name}: without location_name a list combines every accessible catalog (§4.1 rule 2, §4.3)`,
        );
      });
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'location_name_in_url_on_create',
      method: 'POST',
      path: '/products',
      status: 200,
      section: '§4.1',
      verifies: ['§4.1.rule-4'],
    },
    async ({ ctx }) => {
      const create = await ctx.send(ctx.admin, 'POST', '/products', {
        query: { location_name: ctx.home.name },
        body: { product: { name: ctx.name('product located by its URL'), sku: ctx.code() } },
      });
      expectSuccess(create, `for a product whose location_name is in the URL only (§4.1 rule 4)`);
      const problems = new Problems(create);
      expectVerbatim(
        problems,
        create.body,
        { location_name: await listedName(ctx, ctx.home) },
        'the URL names (§4.1 rule 4)',
      );
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'location_interface_product_routes',
      method: 'PUT',
      path: '/products/{id}',
      status: 200,
      section: '§4.3',
      verifies: [
        '§4.3.location-interface',
        '§1.location-interface',
        '§9.location-interface-continues',
        '§9.version-prefix',
        '§0.paths-under-api-v1',
      ],
    },
    async (run) => {
      const { ctx } = run;
      const location = paidLocation(run);
      const at = ctx.adminAt(location);
      const owner = await listedName(ctx, location);
      const name = ctx.name('product on a location interface');
      const create = await ctx.send(at, 'POST', '/products', { body: { product: { name, sku: ctx.code() } } });
      expectSuccess(create, `for {product: {name, sku}} on ${location.name}'s location interface (§4.3)`);
      const id = (create.body as { id: number }).id;
      const steps: [string, Exchange, Record<string, unknown>][] = [['create', create, { name, location_name: owner }]];
      const view = await ctx.send(at, 'GET', '/products/{id}', { path: { id } });
      steps.push(['view', view, { id, location_name: owner }]);
      const renamed = ctx.name('product renamed on a location interface');
      const update = await ctx.send(at, 'PUT', '/products/{id}', {
        path: { id },
        body: { product: { name: renamed } },
      });
      steps.push(['update by PUT', update, { id, name: renamed }]);
      for (const [what, answer, expected] of steps) {
        expectStatus(answer, 200, `for the ${what} on ${location.name}'s location interface (§4.3)`);
        const problems = new Problems(answer);
        expectVerbatim(problems, answer.body, expected, `on ${location.name}'s location interface (§4.3)`, `${what}: `);
        problems.throwIfAny();
      }
      const list = await ctx.send(at, 'GET', '/products', { query: { name: renamed } });
      new Problems(list)
        .expect(
          holds(list, id, `with ${location.name}'s products (§4.3)`),
          'body',
          () => preview(listedRecords(list, 'with products').map((product) => product.id)),
          `product ${id}, listed on ${location.name}'s location interface (§4.3)`,
        )
        .throwIfAny();
      const deletion = await ctx.send(at, 'DELETE', '/products/{id}', { path: { id } });
      expectStatus(deletion, 204, `for the delete on ${location.name}'s location interface (§4.3)`);
    },
  );

  group.check(
    {
      name: 'no_form_routes',
      method: 'GET',
      path: '/products/{id}/edit',
      status: 404,
      section: '§4',
      verifies: ['§4.no-form-routes'],
    },
    async ({ ctx }) => {
      const { record } = await productAt(ctx);
      for (const path of ['/products/new', `/products/${record.id}/edit`]) {
        const form = await ctx.send(ctx.admin, 'GET', path);
        new Problems(form)
          .expect(
            form.status >= 400 && form.status < 500,
            'status',
            () => `${form.status} ${preview(form.body)}`,
            `a refusal (404): the API has no new/edit form routes (§4)`,
          )
          .throwIfAny();
      }
    },
  );
}
