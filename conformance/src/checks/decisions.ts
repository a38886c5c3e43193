// Our decisions where the reference says "not shown" (spec/DECISIONS.md, cited by number).
// A deployment can follow the reference and still differ here; `--checks reference` leaves
// this group out.

import { isObject } from '@warehouse-kit/spec';
import type { CheckGroup } from '../check.js';
import { appointmentDeletion } from '../fixtures/appointments.js';
import { createdCompany, deletedCompany } from '../fixtures/companies.js';
import { listedRecords } from '../fixtures/created.js';
import { locationList } from '../fixtures/locations.js';
import { PAGE_SIZE, pastLastPage, productPages } from '../fixtures/pages.js';
import { productList } from '../fixtures/products.js';
import { assignedOrder } from '../fixtures/purchase-orders.js';
import { headerOf, preview } from '../http.js';
import { paidLocation } from '../needs.js';
import { expectStatus, Problems } from '../problems.js';
import { expectedInstant, offsetLess, offsetOf } from '../zones.js';
import { defineDaylightSaving } from './daylight-saving.js';
import { productUpdatedElsewhere } from './location-rules.js';
import { defineRateLimitHeaders } from './rate-limit-headers.js';

const BOOKED = '/purchase_orders/with_booked_appointments';

export const decisions: CheckGroup = {
  name: 'decisions',
  title: 'Our decisions (spec/DECISIONS.md)',
  basis: 'decision',
  define(group) {
    defineDaylightSaving(group);
    defineRateLimitHeaders(group);

    group.check(
      {
        name: 'locations_carry_time_zone',
        method: 'GET',
        path: '/locations',
        status: 200,
        section: 'decision 4',
        verifies: ['§4.2.response'],
      },
      async ({ ctx }) => {
        const list = await locationList(ctx);
        const records = Array.isArray(list.body) ? list.body.filter(isObject) : [];
        const problems = new Problems(list);
        for (const location of ctx.profile.locations) {
          const entry = records.find(
            (r) => typeof r.name === 'string' && r.name.toLowerCase() === location.name.toLowerCase(),
          );
          problems.expect(
            entry?.time_zone === location.time_zone,
            `${location.name}: time_zone`,
            preview(entry?.time_zone),
            `${location.time_zone}, as the profile says (decision 4)`,
          );
        }
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'location_interface_lists_its_location',
        method: 'GET',
        path: '/locations',
        status: 200,
        section: 'decision 2',
        verifies: ['§1.location-interface'],
      },
      async (run) => {
        const location = paidLocation(run);
        const list = await run.ctx.send(run.ctx.adminAt(location), 'GET', '/locations');
        const names = listedRecords(list, 'with that location only (decision 2)').map((r) => r.name);
        new Problems(list)
          .expect(
            names.length === 1 && names[0] === location.name,
            'body',
            preview(names),
            `[${JSON.stringify(location.name)}] (decision 2)`,
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'unpaid_location_interface_refused',
        method: 'GET',
        path: '/locations',
        status: 402,
        section: 'decision 12',
        verifies: ['§5.rule-4'],
      },
      async ({ ctx, skip }) => {
        const unpaid =
          ctx.profile.locations.find((location) => !location.paid) ??
          skip('the profile lists no unpaid location (paid: false)');
        expectStatus(
          await ctx.send(ctx.adminAt(unpaid), 'GET', '/locations'),
          402,
          `on the location interface of ${unpaid.name}, which is unpaid (decision 12)`,
        );
      },
    );

    group.check(
      {
        name: 'other_organization_token_rejected',
        method: 'GET',
        path: '/locations',
        status: 401,
        section: 'decision 11',
        verifies: ['§5.rule-5.401'],
      },
      async ({ ctx }) => {
        const unpaid = ctx.profile.tokens.unpaid!;
        const answer = await ctx.send(
          ctx.endpoint('token of another organization', unpaid.token, ctx.profile.organization),
          'GET',
          '/locations',
        );
        expectStatus(answer, 401, 'for a token of another organization, exactly like an unknown one (decision 11)');
      },
    );

    group.check(
      {
        name: 'rate_limit_headers_on_every_response',
        method: 'GET',
        path: '/locations',
        status: 200,
        section: 'decision 20',
        verifies: [],
      },
      async ({ ctx }) => {
        const list = await locationList(ctx);
        const problems = new Problems(list);
        for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
          problems.expect(
            list.headers.has(header),
            `header ${header}`,
            'no header',
            'the rate-limit headers on every answer to an authorized request (decision 20)',
          );
        }
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'default_page_size',
        method: 'GET',
        path: '/products',
        status: 200,
        section: 'decision 17',
        verifies: ['§8.pagination.default-size'],
      },
      async ({ ctx }) => {
        const list = await productList(ctx);
        const records = listedRecords(list, 'with the first page of products');
        new Problems(list)
          .expect(
            list.headers.get('Page-Items') === '25',
            'header Page-Items',
            headerOf(list, 'Page-Items'),
            '25 without per_page (decision 17)',
          )
          .expect(records.length <= 25, 'body', `${records.length} records`, 'at most 25 records (decision 17)')
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'page_items_is_page_size',
        method: 'GET',
        path: '/products',
        status: 200,
        section: 'decision 17',
        verifies: ['§8.pagination.headers'],
      },
      async ({ ctx }) => {
        const walk = await productPages(ctx);
        const past = await pastLastPage(ctx);
        for (const [exchange, size, count] of [
          ...walk.pages.map((page) => [page.exchange, PAGE_SIZE, page.ids.length] as const),
          [past, 2, 0] as const,
        ]) {
          const received = exchange.headers.get('Page-Items');
          new Problems(exchange)
            .expect(
              received === String(size),
              `header Page-Items (${count} records on the page)`,
              headerOf(exchange, 'Page-Items'),
              `${size}, the per_page asked for, not the count on the page (decision 17)`,
            )
            .throwIfAny();
        }
      },
    );

    group.check(
      {
        name: 'records_ordered_by_id',
        method: 'GET',
        path: '/products',
        status: 200,
        section: 'decision 17',
        verifies: [],
      },
      async ({ ctx }) => {
        const walk = await productPages(ctx);
        const ids = walk.pages.flatMap((page) => page.ids);
        new Problems(walk.pages[0]!.exchange)
          .expect(
            ids.every((id, i) => i === 0 || ids[i - 1]! < id),
            'records',
            preview(ids),
            'ids ascending across pages (decision 17)',
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'page_past_end_empty',
        method: 'GET',
        path: '/products',
        status: 200,
        section: 'decision 17',
        verifies: [],
      },
      async ({ ctx }) => {
        const past = await pastLastPage(ctx);
        const records = listedRecords(past, 'for a page after the last (decision 17)');
        new Problems(past)
          .expect(
            records.length === 0,
            'body',
            preview(records.map((r) => r.id)),
            '[] for a page after the last (decision 17)',
          )
          .expect(
            past.headers.get('Current-Page') === '99',
            'header Current-Page',
            headerOf(past, 'Current-Page'),
            '99 (decision 17)',
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'company_delete_no_content',
        method: 'DELETE',
        path: '/companies/{id}',
        status: 204,
        section: 'decision 26',
        verifies: ['§4.4.delete-status'],
      },
      async ({ ctx }) => {
        const { deletion } = await deletedCompany(ctx);
        expectStatus(deletion, 204, 'with no body, like every other delete (decision 26)');
        new Problems(deletion)
          .expect(deletion.text === '', 'body', preview(deletion.text), 'no body (decision 26)')
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'companies_rendered_in_utc',
        method: 'POST',
        path: '/companies',
        status: 200,
        section: 'decision 24',
        verifies: ['§8.timestamps.unassigned-utc'],
      },
      async ({ ctx }) => {
        const { exchange, record } = await createdCompany(ctx);
        const problems = new Problems(exchange);
        for (const field of ['created_at', 'updated_at']) {
          problems.expect(
            typeof record[field] === 'string' && offsetOf(record[field] as string) === '+00:00',
            field,
            preview(record[field]),
            'UTC: a company has no warehouse (decision 24)',
          );
        }
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'appointment_delete_not_allowed',
        method: 'DELETE',
        path: '/appointments/{id}',
        status: 405,
        section: 'decision 9',
        verifies: ['§4.5.no-delete'],
      },
      async (run) => {
        const { ctx } = run;
        // 405 answers the method on the path, whatever the id; the run's own appointment when there is one.
        const answer = ctx.allowAppointments
          ? (await appointmentDeletion(run)).deletion
          : await ctx.send(ctx.admin, 'DELETE', '/appointments/{id}', { path: { id: 1 } });
        expectStatus(answer, 405, 'with an Allow header: appointments are cancelled, not deleted (decision 9)');
        const allow = (answer.headers.get('Allow') ?? '').split(',').map((method) => method.trim().toUpperCase());
        new Problems(answer)
          .expect(
            allow.includes('GET') && !allow.includes('DELETE'),
            'header Allow',
            headerOf(answer, 'Allow'),
            'the methods the path offers, without DELETE (decision 9)',
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'update_elsewhere_not_found',
        method: 'PATCH',
        path: '/products/{id}',
        status: 404,
        section: 'decision 15',
        verifies: ['§3.appointments-and-products-stay'],
      },
      async (run) => {
        const { update } = await productUpdatedElsewhere(run);
        expectStatus(
          update,
          404,
          'for a product update naming another location: location_name selects, it never moves (decision 15)',
        );
      },
    );

    group.check(
      {
        name: 'unknown_attribute_rejected',
        method: 'POST',
        path: '/products',
        status: 422,
        section: 'decision 7',
        verifies: [],
      },
      async ({ ctx }) => {
        const create = await ctx.send(ctx.admin, 'POST', '/products', {
          body: {
            product: {
              name: ctx.name('coloured product'),
              sku: ctx.code(),
              location_name: ctx.home.name,
              colour: 'red',
            },
          },
        });
        expectStatus(create, 422, 'for an attribute the record does not have (decision 7)');
        const errors = isObject(create.body) && isObject(create.body.errors) ? create.body.errors : {};
        new Problems(create)
          .expect('colour' in errors, 'body.errors', preview(create.body), 'an entry for colour (decisions 6 and 7)')
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'booked_limit_out_of_range_rejected',
        method: 'GET',
        path: BOOKED,
        status: 400,
        section: 'decision 19',
        verifies: ['§4.6.booked.limit'],
      },
      async ({ ctx }) => {
        for (const query of [{ limit: 251 }, { offset: -1 }]) {
          const answer = await ctx.send(ctx.admin, 'GET', BOOKED, { query });
          expectStatus(
            answer,
            400,
            `for ${Object.entries(query).map(([k, v]) => `${k}=${v}`)}, ` +
              'rather than a silently clamped page (decision 19)',
          );
        }
      },
    );

    group.check(
      {
        name: 'time_filter_read_in_location_zone',
        method: 'GET',
        path: '/purchase_orders',
        status: 200,
        section: '§4.6, decision 32',
        verifies: ['§4.6.list.time-filters', '§4.6.zones.filters'],
      },
      async ({ ctx, skip }) => {
        const { record, dates } = await assignedOrder(ctx);
        const starts = expectedInstant(offsetLess(dates.before), ctx.home.time_zone);
        if (starts.offset === 0)
          skip(
            `${ctx.home.name}'s zone is at UTC on ${starts.toISODate()}, so the zone a filter is read in cannot show`,
          );
        // start_time bounds expected_starts_at (decision 32); read in the filter location's zone (§4.6).
        for (const [label, location_name, zone] of [
          ['with', ctx.home.name, ctx.home.time_zone],
          ['without', undefined, 'UTC'],
        ] as const) {
          for (const [minutes, included] of [
            [0, true],
            [1, false],
          ] as const) {
            const start_time = offsetLess(starts.setZone(zone).plus({ minutes }));
            const list = await ctx.send(ctx.admin, 'GET', '/purchase_orders', {
              query: { po_number: record.po_number as string, location_name, start_time },
            });
            const found = listedRecords(list, 'with the matching orders (§4.6)').some((r) => r.id === record.id);
            new Problems(list)
              .expect(
                found === included,
                'body',
                found ? `order ${record.id} listed` : `order ${record.id} missing`,
                `order ${record.id} (starting ${record.expected_starts_at}) ${included ? 'listed' : 'not listed'}: ` +
                  `start_time ${start_time} read in ${zone} ${label} a location filter (§4.6)`,
              )
              .throwIfAny();
          }
        }
      },
    );
  },
};
