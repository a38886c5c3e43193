// What belongs to the organization (§2.5, §4.4) and what is read-only (§4.7): companies have
// no location and change for everyone; product limits take their filters and no writes.

import { isObject } from '@warehouse-kit/spec';
import type { GroupBuilder } from '../../check.js';
import { companyUpdate, createdCompany } from '../../fixtures/companies.js';
import { productLimits } from '../../fixtures/products.js';
import { preview } from '../../http.js';
import { secondLocation } from '../../needs.js';
import { expectStatus, Problems } from '../../problems.js';
import { datesAroundChange } from '../../zones.js';

export function defineOrganizationRecords(group: GroupBuilder): void {
  group.check(
    {
      name: 'company_has_no_location',
      method: 'POST',
      path: '/companies',
      status: 200,
      section: '§2.5',
      verifies: ['§2.5.organization-wide'],
    },
    async ({ ctx }) => {
      const { exchange, record } = await createdCompany(ctx);
      const located = ['location_name', 'location'].filter((field) => field in record);
      new Problems(exchange)
        .expect(
          !located.length,
          located.join(', ') || 'body',
          () => located.map((field) => `${field}: ${preview(record[field])}`).join(', '),
          'no location field: companies belong to the organization (§2.5)',
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'company_update_organization_wide',
      method: 'GET',
      path: '/companies/{id}',
      status: 200,
      section: '§4.4',
      verifies: ['§4.4.update-organization-wide'],
    },
    async (run) => {
      const { ctx } = run;
      const other = secondLocation(run);
      const { record } = await createdCompany(ctx);
      const { name, update } = await companyUpdate(ctx);
      expectStatus(update, 200, 'with the renamed company (§4.4)');
      const view = await ctx.send(ctx.admin, 'GET', '/companies/{id}', {
        path: { id: record.id },
        query: { location_name: other.name },
      });
      expectStatus(view, 200, `with the company, seen with location_name ${other.name} (§4.4)`);
      new Problems(view)
        .expect(
          isObject(view.body) && view.body.name === name,
          'name',
          () => preview(isObject(view.body) ? view.body.name : view.body),
          `${JSON.stringify(name)}: the update changed the company for the whole organization (§4.4)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'product_limits_read_only',
      method: 'POST',
      path: '/product_limits',
      status: 405,
      section: '§4.7',
      verifies: ['§4.7.read-only'],
    },
    async ({ ctx }) => {
      const write = await ctx.send(ctx.admin, 'POST', '/product_limits', {
        body: { product_limit: { location_name: ctx.home.name, product_name: ctx.name('limited product') } },
      });
      new Problems(write)
        .expect(
          write.status >= 400 && write.status < 500,
          'status',
          () => `${write.status} ${preview(write.body)}`,
          'a refusal (405 or 404): product limits are read-only (§4.7)',
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'product_limit_filters_taken',
      method: 'GET',
      path: '/product_limits',
      status: 200,
      section: '§4.7',
      verifies: ['§4.7.location-filter', '§4.7.start-date', '§4.7.end-date', '§4.7.product-name', '§4.7.page'],
    },
    async ({ ctx }) => {
      // Every filter at once; a product name no product has leaves nothing to list.
      const { before } = datesAroundChange(ctx.home.time_zone);
      const query = {
        location_name: ctx.home.name,
        start_date: before.toISODate()!,
        end_date: before.plus({ days: 7 }).toISODate()!,
        product_name: ctx.name('product without limits'),
        page: 1,
      };
      const filtered = await ctx.send(ctx.admin, 'GET', '/product_limits', { query });
      expectStatus(filtered, 200, 'for location_name, start_date, end_date, product_name and page (§4.7)');
      const limits = isObject(filtered.body) ? filtered.body.product_limits : undefined;
      new Problems(filtered)
        .expect(
          Array.isArray(limits) && limits.length === 0,
          'body.product_limits',
          () => preview(filtered.body),
          `[]: no product is named ${query.product_name}, and product_name filters by product name (§4.7)`,
        )
        .throwIfAny();
      // The unfiltered list answers too, so a filter is what narrowed it.
      expectStatus(await productLimits(ctx), 200, 'for the product limits without filters (§4.7)');
    },
  );
}
