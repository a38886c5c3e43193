// Pagination (§8): the five headers on every page, consistent with each other and with the
// pages actually returned; `Link` first/prev/next/last pointing at the right pages; a
// location filter kept in `Link` only when the caller supplied one; and `limit`/`offset` on
// the booked-appointments search (§4.6). The walk asks for one record a page (`per_page`,
// our decision 17); a deployment that ignores it answers one page, which is checked alike.
import type { LinkRel } from '@warehouse-kit/sdk';
import { isObject } from '@warehouse-kit/spec';
import type { CheckGroup, CheckRun } from '../check.js';
import { appointmentList, bookedAppointment } from '../fixtures/appointments.js';
import { companyList } from '../fixtures/companies.js';
import { listedRecords } from '../fixtures/created.js';
import {
  expectWithinList,
  PAGE_SIZE,
  PAGED_PRODUCTS,
  pagedProducts,
  paginationOf,
  productPages,
  type Walk,
} from '../fixtures/pages.js';
import { productLimits } from '../fixtures/products.js';
import { assignedOrder, bookedOrders, orderList } from '../fixtures/purchase-orders.js';
import { type Exchange, headerOf, preview } from '../http.js';
import { expectStatus, Problems } from '../problems.js';

const HEADERS = ['Current-Page', 'Page-Items', 'Total-Pages', 'Total-Count', 'Link'];
const RELS: LinkRel[] = ['first', 'prev', 'next', 'last'];

/** The paginated lists besides products (walked below), each with its first page as the run has it. */
const OTHER_LISTS: { path: string; verifies: string[]; list: (run: CheckRun) => Promise<Exchange> }[] = [
  { path: '/companies', verifies: [], list: ({ ctx }) => companyList(ctx) },
  { path: '/purchase_orders', verifies: ['§4.6.list.page'], list: ({ ctx }) => orderList(ctx) },
  { path: '/appointments', verifies: [], list: appointmentList },
  { path: '/product_limits', verifies: ['§4.7.page'], list: ({ ctx }) => productLimits(ctx) },
];

function pageProblems(walk: Walk, index: number): Problems {
  return new Problems(walk.pages[index]!.exchange);
}

/** The page a link asks for; no `page` parameter means the first. */
function pageOf(url: URL): number {
  return Number(url.searchParams.get('page') ?? 1);
}

function linkUrls(walk: Walk): URL[] {
  return walk.pages.flatMap((page) => Object.values(page.pagination?.links ?? {}));
}

export const pagination: CheckGroup = {
  name: 'pagination',
  title: 'Pagination',
  basis: 'reference',
  define(group) {
    // First, so that a walk whose rel="next" leaves the list is reported by the check of that
    // property, and the checks that compare the walk's pages are blocked by it.
    group.check(
      {
        name: 'links_stay_within_list',
        method: 'GET',
        path: '/products',
        status: 200,
        section: '§8',
        verifies: ['§8.pagination.headers'],
      },
      async ({ ctx }) => {
        const walk = await productPages(ctx);
        walk.pages.forEach((page, i) => {
          const problems = pageProblems(walk, i);
          for (const [rel, link] of Object.entries(page.pagination?.links ?? {}))
            expectWithinList(problems, page.exchange, rel, link);
          problems.throwIfAny();
        });
      },
    );

    group.check(
      {
        name: 'pagination_headers_present',
        method: 'GET',
        path: '/products',
        status: 200,
        section: '§8',
        verifies: ['§8.pagination.headers', '§8.pagination.lists'],
      },
      async ({ ctx }) => {
        const walk = await productPages(ctx);
        walk.pages.forEach((page, i) => {
          const problems = pageProblems(walk, i);
          for (const header of HEADERS) {
            problems.expect(
              page.exchange.headers.has(header),
              `page ${i + 1}: header ${header}`,
              'no header',
              `${HEADERS.join(', ')} on every page of a list (§8)`,
            );
          }
          problems.throwIfAny();
        });
      },
    );

    for (const { path, verifies, list } of OTHER_LISTS) {
      group.check(
        {
          name: 'pagination_headers_present',
          method: 'GET',
          path,
          status: 200,
          section: '§8',
          verifies: ['§8.pagination.lists', '§8.pagination.headers', ...verifies],
        },
        async (run) => {
          const answer = await list(run);
          expectStatus(answer, 200, `with the first page of ${path.slice(1)} (§8)`);
          const problems = new Problems(answer);
          for (const header of HEADERS)
            problems.expect(
              answer.headers.has(header),
              `header ${header}`,
              'no header',
              `${HEADERS.join(', ')} on every list of ${path.slice(1)}, which is paginated (§8)`,
            );
          problems.throwIfAny();
        },
      );
    }

    group.check(
      {
        name: 'pagination_headers_consistent',
        method: 'GET',
        path: '/products',
        status: 200,
        section: '§8',
        verifies: ['§8.pagination.headers', '§4.3.page'],
      },
      async ({ ctx }) => {
        const walk = await productPages(ctx);
        const created = (await pagedProducts(ctx)).map((product) => product.record.id);
        const seen = walk.pages.flatMap((page) => page.ids);
        const last = walk.pages.length - 1;
        walk.pages.forEach((page, i) => {
          const problems = pageProblems(walk, i);
          const p = page.pagination;
          problems.expect(
            p?.currentPage === i + 1,
            `page ${i + 1}: header Current-Page`,
            headerOf(page.exchange, 'Current-Page'),
            `${i + 1}, the page returned (§8)`,
          );
          problems.expect(
            p?.totalCount === seen.length,
            `page ${i + 1}: header Total-Count`,
            headerOf(page.exchange, 'Total-Count'),
            `${seen.length}, the records on all ${walk.pages.length} page(s) (§8)`,
          );
          problems.expect(
            p?.totalPages === walk.pages.length,
            `page ${i + 1}: header Total-Pages`,
            headerOf(page.exchange, 'Total-Pages'),
            `${walk.pages.length}, the pages rel="next" led to (§8)`,
          );
          problems.expect(
            i === last || page.ids.length > 0,
            `page ${i + 1}: body`,
            '[]',
            'records on every page before the last (§8)',
          );
          problems.throwIfAny();
        });
        const problems = pageProblems(walk, last);
        problems.expect(
          walk.stopped === undefined,
          'Link rel="next"',
          () => `still there when the walk ${walk.stopped}`,
          `a last page without rel="next" for the ${PAGED_PRODUCTS} products the filter matches (§8)`,
        );
        problems.expect(
          new Set(seen).size === seen.length,
          'records',
          preview(seen),
          'each record on one page only (§8)',
        );
        problems.expect(
          created.every((id) => seen.includes(id)) && seen.length === PAGED_PRODUCTS,
          'records',
          preview(seen),
          `exactly the ${PAGED_PRODUCTS} products the filter matches: ${created.join(', ')}`,
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'pagination_links_correct',
        method: 'GET',
        path: '/products',
        status: 200,
        section: '§8',
        verifies: ['§8.pagination.headers'],
      },
      async ({ ctx }) => {
        const walk = await productPages(ctx);
        const total = walk.pages.length;
        walk.pages.forEach((page, i) => {
          const problems = pageProblems(walk, i);
          const current = i + 1;
          if (page.paginationError)
            problems.add(`page ${current}: header Link`, page.paginationError, 'RFC 8288 links (§8)');
          const links = page.pagination?.links ?? {};
          const expected: Partial<Record<LinkRel, number>> = {
            first: 1,
            last: total,
            ...(current > 1 && { prev: current - 1 }),
            ...(current < total && { next: current + 1 }),
          };
          for (const rel of RELS) {
            const link = links[rel];
            const want = expected[rel];
            const received = link ? `page=${pageOf(link)} (${link.href})` : 'no link';
            problems.expect(
              link ? pageOf(link) === want : want === undefined,
              `page ${current}: Link rel="${rel}"`,
              received,
              want === undefined
                ? `no rel="${rel}" on page ${current} of ${total} (§8)`
                : `a link to page ${want} (§8)`,
            );
          }
          problems.throwIfAny();
        });
      },
    );

    group.check(
      {
        name: 'link_keeps_location_filter_only_when_supplied',
        method: 'GET',
        path: '/products',
        status: 200,
        section: '§8',
        verifies: ['§8.pagination.link-location-filter'],
      },
      async ({ ctx }) => {
        const unfiltered = await productPages(ctx);
        // The first page carries first, next and last: enough to see the filter kept.
        const filtered = await ctx.send(ctx.admin, 'GET', '/products', {
          query: { name: ctx.name('page'), per_page: PAGE_SIZE, location_name: ctx.home.name },
        });
        expectStatus(filtered, 200, 'with a page of products (§4.3)');
        const { pagination: links, paginationError } = paginationOf(filtered);
        const problems = new Problems(filtered);
        if (paginationError) problems.add('header Link', paginationError, 'RFC 8288 links (§8)');
        for (const url of Object.values(links?.links ?? {})) {
          problems.expect(
            url.searchParams.get('location_name') === ctx.home.name,
            'Link',
            url.href,
            `location_name=${ctx.home.name} kept, since the caller supplied it (§8)`,
          );
        }
        problems.throwIfAny();
        const without = new Problems(unfiltered.pages[0]!.exchange);
        for (const url of linkUrls(unfiltered))
          without.expect(
            !url.searchParams.has('location_name'),
            'Link',
            url.href,
            'no location_name, since the caller supplied none (§8)',
          );
        without.throwIfAny();
      },
    );

    group.check(
      {
        name: 'link_keeps_location_filter_only_when_supplied',
        method: 'GET',
        path: '/purchase_orders',
        status: 200,
        section: '§8',
        verifies: ['§8.pagination.link-location-filter', '§4.6.list'],
      },
      async ({ ctx }) => {
        const { record } = await assignedOrder(ctx);
        for (const location_name of [ctx.home.name, undefined]) {
          const query = { po_number: record.po_number as string, location_name };
          const list = location_name
            ? await ctx.send(ctx.admin, 'GET', '/purchase_orders', { query })
            : await orderList(ctx);
          expectStatus(list, 200, 'with a page of orders (§4.6)');
          const { pagination: links, paginationError } = paginationOf(list);
          const problems = new Problems(list);
          problems.expect(
            list.headers.has('Link') && !paginationError,
            'header Link',
            paginationError ?? 'no header',
            'RFC 8288 links on a list of purchase orders (§4.6: more pages via Link)',
          );
          for (const url of Object.values(links?.links ?? {})) {
            const kept = url.searchParams.get('location_name');
            problems.expect(
              location_name ? kept === location_name : kept === null,
              'Link',
              url.href,
              location_name
                ? `location_name=${location_name} kept (§8)`
                : 'no location_name, since the caller supplied none (§8)',
            );
          }
          problems.throwIfAny();
        }
      },
    );

    group.check(
      {
        name: 'booked_limit_offset_window',
        method: 'GET',
        path: '/purchase_orders/with_booked_appointments',
        status: 200,
        section: '§4.6',
        verifies: ['§4.6.booked.offset', '§4.6.booked.limit-offset', '§8.pagination.booked'],
      },
      async (run) => {
        const { ctx, skip } = run;
        if (ctx.allowAppointments) await bookedAppointment(run);
        const template = '/purchase_orders/with_booked_appointments';
        const two = await ctx.send(ctx.admin, 'GET', template, { query: { limit: 2, offset: 0 } });
        const first = listedRecords(two, 'with orders that have booked appointments (§4.6)');
        if (first.length < 2)
          skip(
            'fewer than two orders with booked appointments exist; ' +
              'run with --allow-appointments to let the suite create them',
          );
        const second = await ctx.send(ctx.admin, 'GET', template, { query: { limit: 1, offset: 1 } });
        const window = listedRecords(second, 'with orders that have booked appointments (§4.6)');
        const problems = new Problems(second);
        problems.expect(first.length === 2, 'records', String(first.length), '2 records for limit=2 (§4.6)');
        problems.expect(
          window.length === 1 && window[0]!.id === first[1]!.id,
          'records',
          preview(window.map((r) => r.id)),
          `[${first[1]!.id}], the second of limit=2 offset=0 (§4.6: offset skips results)`,
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'booked_limit_bounds',
        method: 'GET',
        path: '/purchase_orders/with_booked_appointments',
        status: 200,
        section: '§4.6',
        verifies: ['§4.6.booked.limit', '§8.pagination.booked'],
      },
      async ({ ctx }) => {
        const template = '/purchase_orders/with_booked_appointments';
        for (const [limit, most] of [
          [undefined, 100],
          [250, 250],
          [1, 1],
        ] as const) {
          const answer =
            limit === undefined
              ? await bookedOrders(ctx)
              : await ctx.send(ctx.admin, 'GET', template, { query: { limit } });
          const records = listedRecords(
            answer,
            `for ${limit === undefined ? 'the default limit' : `limit=${limit}`} (§4.6: default 100, maximum 250)`,
          );
          new Problems(answer)
            .expect(
              records.length <= most && records.every(isObject),
              'records',
              `${records.length} records`,
              `at most ${most} (§4.6: limit default 100, maximum 250)`,
            )
            .throwIfAny();
        }
      },
    );
  },
};
