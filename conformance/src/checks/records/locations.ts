// Locations (§2.1, §4.2, §8) and the bodies of every answer (the introduction): JSON bodies,
// `url` the location's subdomain, a `location_name` filter, only accessible locations, and no
// pagination.
import type { GroupBuilder } from '../../check.js';
import { listedRecords } from '../../fixtures/created.js';
import { locationList } from '../../fixtures/locations.js';
import { paginationOf } from '../../fixtures/pages.js';
import { productView } from '../../fixtures/products.js';
import { unknownLocation } from '../../fixtures/refusals.js';
import { type Exchange, headerOf, preview } from '../../http.js';
import { Problems } from '../../problems.js';

const sameName = (a: unknown, b: string) => typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The first label of a host that has a subdomain (`acme-toronto` of `acme-toronto.example.com`); none for an IP address. */
function subdomainOf(address: string): string | undefined {
  const host = new URL(address).hostname;
  if (!host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return undefined;
  return host.split('.')[0];
}

export function defineLocationRecords(group: GroupBuilder): void {
  group.check(
    {
      name: 'answers_are_json',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: '§0',
      verifies: ['§0.json-bodies'],
    },
    async ({ ctx }) => {
      const answers: [string, Exchange][] = [
        ['a list', await locationList(ctx)],
        ['a record', await productView(ctx)],
        ['a refusal', await unknownLocation(ctx)],
      ];
      for (const [what, exchange] of answers) {
        new Problems(exchange)
          .expect(
            /^application\/json\s*(;|$)/i.test(exchange.headers.get('Content-Type') ?? ''),
            `${what}: header Content-Type`,
            headerOf(exchange, 'Content-Type'),
            'application/json: request and response bodies are JSON (the reference, before section 1)',
          )
          .expect(
            parsesAsJson(exchange.text),
            `${what}: body`,
            () => preview(exchange.text),
            'a JSON document (the reference, before section 1)',
          )
          .throwIfAny();
      }
    },
  );

  group.check(
    {
      name: 'location_url_is_subdomain',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: '§2.1',
      verifies: ['§2.1.url-is-subdomain'],
    },
    async ({ ctx, skip }) => {
      const list = await locationList(ctx);
      const entries = listedRecords(list, 'with the accessible locations (§4.2)');
      const addressed = ctx.profile.locations.filter((location) => subdomainOf(location.address) !== undefined);
      if (!addressed.length)
        skip("no listed location's address has a subdomain (an IP address, say), so its url cannot be compared");
      const problems = new Problems(list);
      for (const location of addressed) {
        const entry = entries.find((candidate) => sameName(candidate.name, location.name));
        const subdomain = subdomainOf(location.address)!;
        problems.expect(
          typeof entry?.url === 'string' && entry.url.toLowerCase() === subdomain.toLowerCase(),
          `${location.name}: url`,
          () => (entry ? preview(entry.url) : 'no entry of that name'),
          `${JSON.stringify(subdomain)}, the subdomain of its address ${location.address} (§2.1)`,
        );
      }
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'location_name_filter_returns_one',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: '§4.2',
      verifies: ['§4.2.location-name-filter'],
    },
    async ({ ctx }) => {
      const list = await ctx.send(ctx.admin, 'GET', '/locations', { query: { location_name: ctx.home.name } });
      const entries = listedRecords(list, `with ${ctx.home.name} (§4.2)`);
      new Problems(list)
        .expect(
          entries.length === 1 && sameName(entries[0]!.name, ctx.home.name),
          'body',
          () => preview(entries.map((entry) => entry.name)),
          `[${JSON.stringify(ctx.home.name)}]: one accessible location, by name (§4.2)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'only_accessible_locations_listed',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: '§4.2',
      verifies: ['§4.2.only-accessible'],
    },
    async ({ ctx }) => {
      const noAccess = ctx.noAccess!;
      const list = await ctx.send(noAccess, 'GET', '/locations');
      const names = listedRecords(list, 'with the locations this token can access (§4.2)').map((entry) => entry.name);
      new Problems(list)
        .expect(
          !names.some((name) => sameName(name, noAccess.location)),
          'body',
          () => preview(names),
          `no ${noAccess.location}, which this token cannot access: only accessible locations are included (§4.2)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'locations_not_paginated',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: '§8',
      verifies: ['§4.2.not-paginated', '§8.pagination.locations'],
    },
    async ({ ctx }) => {
      const list = await locationList(ctx);
      const { pagination, paginationError } = paginationOf(list);
      const next = pagination?.links.next;
      const pages = list.headers.get('Total-Pages');
      new Problems(list)
        .expect(
          !next && !paginationError,
          'header Link',
          () => (next ? `rel="next" ${next.href}` : headerOf(list, 'Link')),
          'no further page: every accessible location in one answer (§4.2: not paginated)',
        )
        .expect(
          pages === null || pages.trim() === '1',
          'header Total-Pages',
          headerOf(list, 'Total-Pages'),
          'no pages beyond the one answer: locations are not paginated (§8)',
        )
        .throwIfAny();
      // Every listed location in that one answer.
      const names = listedRecords(list, 'with the accessible locations (§4.2)').map((entry) => entry.name);
      const missing = ctx.profile.locations.filter((location) => !names.some((name) => sameName(name, location.name)));
      new Problems(list)
        .expect(
          !missing.length,
          'body',
          () => preview(names),
          `every location the admin token can access, ${missing.map((l) => l.name).join(', ')} included, in one answer (§4.2)`,
        )
        .throwIfAny();
    },
  );
}
