// The change feed, an extension beyond the reference (spec/DECISIONS.md 170-177, 220-225):
// each write the run makes is an event, in order, with the record as GET renders it; cursors
// resume exactly; a token sees the events of what its lists show; an expired cursor is 410.
// Every check runs only when the profile declares `extensions: { events: true }` and skips
// otherwise; the group is outside `--checks reference`.
import { isDeepStrictEqual } from 'node:util';
import { isObject } from '@warehouse-kit/spec';
import type { CheckGroup } from '../check.js';
import { createdRecord } from '../fixtures/created.js';
import {
  eventedWrites,
  eventPage,
  type FeedEvent,
  feedEnd,
  MAX_PAGES,
  markedCursor,
  readFeed,
} from '../fixtures/events.js';
import { preview } from '../http.js';
import { listedLocation, paidLocation, requireExtension, secondLocation } from '../needs.js';
import { expectErrorSentence, expectStatus, fail, Problems } from '../problems.js';
import type { ResolvedLocation } from '../profile.js';

// The reference shows no events (§6: "not shown"); every check here settles that open point.
const EVENTS = '§6.events';

// The records with events the suite writes directly, by collection.
const KINDS: Record<string, { name: string; collection: string }> = {
  '/products': { name: 'product', collection: 'products' },
  '/companies': { name: 'company', collection: 'companies' },
  '/purchase_orders': { name: 'purchase_order', collection: 'purchase_orders' },
};
interface Expected {
  type: string;
  subject: string;
  /** What the create answered, which the event's `data.object` must equal. */
  object?: Record<string, unknown>;
}

const ids = (events: FeedEvent[]) => events.map((event) => event.id).join(', ') || 'none';

/** What an event says was before the change, as a problem shows it. */
function previous(event: FeedEvent | undefined, type: string): string {
  if (!event) return `no ${type} event`;
  const before = event.data?.previous_attributes;
  return before === undefined ? 'no previous_attributes' : preview(before);
}

export const events: CheckGroup = {
  name: 'events',
  title: 'Extensions beyond the reference: the change feed (decisions 170-177)',
  basis: 'extension',
  define(group) {
    group.check(
      {
        name: 'write_events_in_order',
        method: 'GET',
        path: '/events',
        status: 200,
        section: 'decision 172',
        verifies: [
          EVENTS,
          'events.listEvents.event-per-change',
          'events.listEvents.oldest-first',
          'events.listEvents.200.oldest-first',
          'events.getEvent.id.format',
        ],
      },
      async (run) => {
        requireExtension(run, 'events');
        const writes = await eventedWrites(run.ctx);
        const { own, expected, company, order } = writes;
        const problems = new Problems(writes.read);
        const types = own.map((event) => event.type);
        problems.expect(
          isDeepStrictEqual(types, expected),
          'events[].type',
          types.join(', ') || 'no event of the run',
          `${expected.join(', ')}: one event per change, in the order of the writes (decision 172)`,
        );
        const find = (type: string) => own.find((event) => event.type === type);
        const expectObject = (type: string, record: Record<string, unknown>, what: string) => {
          const event = find(type);
          if (!event) return;
          problems.expect(
            isDeepStrictEqual(event.data?.object, record),
            `${type} data.object`,
            () => preview(event.data?.object),
            `${what} (decision 172)`,
          );
          problems.expect(
            event.specversion === '1.0' && /^evt_\d+$/.test(event.id) && typeof event.cursor === 'string',
            `${type} envelope`,
            () => preview({ id: event.id, specversion: event.specversion, cursor: event.cursor }),
            'id evt_<digits>, specversion 1.0 and a cursor (decision 170)',
          );
        };
        expectObject('company.created', company.created, 'the company as its create answered it');
        expectObject('company.updated', company.afterUpdate, 'the company as GET rendered it after the update');
        expectObject('company.deleted', company.afterUpdate, 'the company as GET rendered it before the delete');
        expectObject('purchase_order.created', order.created, 'the order as its create answered it');
        expectObject('purchase_order.updated', order.final, 'the order as GET rendered it after the update');
        const updated = find('company.updated');
        problems.expect(
          !!updated &&
            isObject(updated.data?.previous_attributes) &&
            updated.data.previous_attributes.city === company.created.city,
          'company.updated data.previous_attributes.city',
          () => previous(updated, 'company.updated'),
          `${preview(company.created.city)}, the city before the update (decision 172)`,
        );
        if (order.movedFrom !== undefined) {
          const moved = find('purchase_order.moved');
          expectObject('purchase_order.moved', order.final, 'the order as GET rendered it after the move');
          problems.expect(
            moved?.data?.previous_attributes?.location_name === order.movedFrom,
            'purchase_order.moved data.previous_attributes.location_name',
            () => previous(moved, 'purchase_order.moved'),
            `${order.movedFrom}, where the order was (decision 172)`,
          );
        }
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'event_cursor_resumes',
        method: 'GET',
        path: '/events',
        status: 200,
        section: 'decision 175',
        verifies: [
          EVENTS,
          'events.listEvents.next-cursor',
          'events.listEvents.after.position',
          'events.listEvents.limit.per-page',
          'events.getEvent.as-feed',
        ],
      },
      async (run) => {
        requireExtension(run, 'events');
        const { ctx } = run;
        const { start, all } = await eventedWrites(ctx);
        if (all.length < 3) fail(undefined, 'events', ids(all), "the events of the run's writes (decision 172)");
        const first = await eventPage(ctx, ctx.admin, { after: start, limit: 1 });
        const problems = new Problems(first.exchange);
        problems.expect(
          first.events.length === 1 && first.events[0]!.id === all[0]!.id,
          'events',
          ids(first.events),
          `${all[0]!.id} alone: limit=1 after the same cursor (decision 175)`,
        );
        problems.throwIfAny();
        const wanted = all
          .slice(1, 3)
          .map((event) => event.id)
          .join(', ');
        for (const [after, what] of [
          [first.next, "the page's next_cursor"],
          [all[0]!.cursor, "the first event's own cursor"],
        ] as const) {
          const next = await eventPage(ctx, ctx.admin, { after, limit: 2 });
          new Problems(next.exchange)
            .expect(
              ids(next.events) === wanted,
              'events',
              ids(next.events),
              `${wanted}: ${what} continues exactly after the first event (decision 175)`,
            )
            .throwIfAny();
        }
        const viewed = await ctx.send(ctx.admin, 'GET', '/events/{id}', { path: { id: all[0]!.id } });
        expectStatus(viewed, 200, 'with the event as the feed shows it (decision 175)');
        new Problems(viewed)
          .expect(
            isDeepStrictEqual(viewed.body, all[0]),
            'body',
            () => preview(viewed.body),
            'the event exactly as the feed showed it (decision 175)',
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'event_visibility_matches_lists',
        method: 'GET',
        path: '/events',
        status: 200,
        section: 'decision 173',
        verifies: [EVENTS, '§5.rule-3', 'events.listEvents.visibility', 'events.getEvent.unseen-404'],
      },
      async (run) => {
        requireExtension(run, 'events');
        const { ctx } = run;
        const noAccess = ctx.noAccess!;
        const hidden = listedLocation(run, noAccess.location, 'no_access');
        const writer = ctx.writerAt(hidden);
        const adminStart = await feedEnd(ctx, writer);
        const outsiderStart = await feedEnd(ctx, noAccess);
        const { record } = createdRecord(
          await ctx.send(writer, 'POST', '/products', {
            body: { product: { name: ctx.name('product with events'), location_name: hidden.name } },
          }),
          'with the created product (§4.3)',
        );
        const subject = `products/${record.id}`;
        const seen = await readFeed(ctx, writer, adminStart, (events) => events.some((e) => e.subject === subject));
        const event = seen.events.find((e) => e.subject === subject);
        if (!event)
          fail(
            seen.exchange,
            'events',
            ids(seen.events),
            `product.created for ${subject}, to an admin at ${hidden.name} (decision 172)`,
          );
        // Read after the admin saw it: the event is settled, so it would show if it were visible.
        const outsider = await readFeed(ctx, noAccess, outsiderStart, () => true);
        new Problems(outsider.exchange)
          .expect(
            !outsider.events.some((e) => e.subject === subject),
            'events',
            ids(outsider.events),
            `not ${event.id}: a token without a role at ${hidden.name} sees none of its events, as its lists show none of its records (decision 173)`,
          )
          .throwIfAny();
        const direct = await ctx.send(noAccess, 'GET', '/events/{id}', { path: { id: event.id } });
        expectStatus(direct, 404, `for an event at ${hidden.name}, like its record (decision 173)`);
        const filtered = await ctx.send(noAccess, 'GET', '/events', { query: { location_name: hidden.name } });
        expectStatus(filtered, 403, `for location_name=${hidden.name}, as the lists answer it (§5)`);
      },
    );

    group.check(
      {
        name: 'location_interface_feed_narrowed',
        method: 'GET',
        path: '/events',
        status: 200,
        section: 'decision 173',
        verifies: [EVENTS, '§1.location-interface', 'events.listEvents.visibility-location'],
      },
      async (run) => {
        requireExtension(run, 'events');
        const { ctx } = run;
        const here = paidLocation(run);
        const elsewhere = ctx.profile.locations.find((location) => location !== here) ?? secondLocation(run);
        const local = ctx.adminAt(here);
        const start = await feedEnd(ctx, local);
        const product = async (location: ResolvedLocation) => {
          const { record } = createdRecord(
            await ctx.send(ctx.writerAt(location), 'POST', '/products', {
              body: { product: { name: ctx.name('product with events'), location_name: location.name } },
            }),
            'with the created product (§4.3)',
          );
          return `products/${record.id}`;
        };
        // Written first, so it is in the feed by the time the second shows.
        const away = await product(elsewhere);
        const mine = await product(here);
        const read = await readFeed(ctx, local, start, (events) => events.some((e) => e.subject === mine));
        const subjects = read.events.map((event) => event.subject);
        new Problems(read.exchange)
          .expect(
            subjects.includes(mine) && !subjects.includes(away),
            'events[].subject',
            subjects.join(', ') || 'none',
            `${mine} but not ${away}: ${here.name}'s interface shows its own events and the organization-wide ones only (decision 173)`,
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'expired_cursor_gone',
        method: 'GET',
        path: '/events',
        status: 410,
        section: 'decision 177',
        verifies: [EVENTS, 'events.listEvents.expired-cursor-410', 'events.CursorExpired.after-deleted'],
      },
      async (run) => {
        requireExtension(run, 'events');
        const { ctx, skip } = run;
        const cursor = ctx.profile.extensions.expiredEventCursor;
        if (!cursor)
          skip(
            'the profile names no extensions.expired_event_cursor: a cursor expires only after the ' +
              'retention period (30 days by default), which no run can wait for',
          );
        const exchange = await ctx.send(ctx.admin, 'GET', '/events', { query: { after: cursor } });
        expectStatus(exchange, 410, 'for a cursor older than the events kept (decision 177)');
        const problems = new Problems(exchange);
        expectErrorSentence(problems, exchange, 'a sentence saying the cursor expired (decision 177)');
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'suite_writes_evented',
        method: 'GET',
        path: '/events',
        status: 200,
        section: 'decision 171',
        verifies: [EVENTS, 'events.listEvents.event-per-change', 'events.listEvents.oldest-first'],
      },
      async (run) => {
        requireExtension(run, 'events');
        const { ctx, skip } = run;
        const start = markedCursor(ctx.feedStart ?? skip('the run marked no place in the feed before its first write'));
        // The creates and deletes the admin token sent on the organization interface, in every
        // group so far and this one, which sees all they touched; updates may change nothing, so
        // they need not have an event.
        const expected = ctx.writes.flatMap(({ endpoint, exchange, path }): Expected[] => {
          const kind = KINDS[exchange.template.replace('/{id}', '')];
          if (endpoint !== ctx.admin || !kind) return [];
          if (exchange.method === 'POST' && exchange.template === `/${kind.collection}` && isObject(exchange.body))
            return [
              {
                type: `${kind.name}.created`,
                subject: `${kind.collection}/${exchange.body.id}`,
                object: exchange.body,
              },
            ];
          if (exchange.method === 'DELETE' && path?.id !== undefined)
            return [{ type: `${kind.name}.deleted`, subject: `${kind.collection}/${path.id}` }];
          return [];
        });
        const read = await readFeed(ctx, ctx.admin, start);
        const problems = new Problems(read.exchange);
        problems.expect(
          !read.cut,
          'has_more',
          `true after ${MAX_PAGES} pages`,
          `the end of the feed within ${MAX_PAGES * 100} events of the run's start`,
        );
        const position = (type: string, subject: string) =>
          read.events.findIndex((event) => event.type === type && event.subject === subject);
        const missing: string[] = [];
        for (const { type, subject, object } of expected) {
          const at = position(type, subject);
          if (at < 0) {
            missing.push(`${type} ${subject}`);
            continue;
          }
          const event = read.events[at]!;
          if (object && !event.data?.truncated)
            problems.expect(
              isDeepStrictEqual(event.data?.object, object),
              `${event.id} data.object`,
              () => preview(event.data?.object),
              `${preview(object)}: ${subject} as its create answered it (decision 172)`,
            );
          if (type.endsWith('.deleted'))
            problems.expect(
              position(type.replace('.deleted', '.created'), subject) < at,
              `${event.id}`,
              `${type} before the record's .created event`,
              `created, then deleted: the events in the order of the writes (decision 174)`,
            );
        }
        problems.expect(
          !missing.length,
          'events',
          `none for ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`,
          `an event for each of the ${expected.length} creates and deletes the run made (decision 171)`,
        );
        problems.throwIfAny();
      },
    );
  },
};
