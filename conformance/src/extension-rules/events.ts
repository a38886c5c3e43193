// The spec's rules of the change feed (DECISIONS 170-177, 334), in its own words: GET /events
// with its parameters and answers, and GET /events/{id}. Data; see model.ts.
import { context, rule, rules } from '../reference/model.js';
import type { ExtensionSection } from './model.js';

export const events: ExtensionSection[] = [
  {
    extension: 'events',
    section: 'events.listEvents',
    title: 'GET /events (listEvents)',
    place: { operation: 'listEvents' },
    units: [
      context('Extension beyond the reference (DECISIONS 170–177).'),
      rules(
        'Every change to a product, company, appointment or purchase order is an event written in the same transaction as the change (bulk uploads emit the events of their rows), so no event exists without its change and no change without its event.',
        [
          'events.listEvents.event-per-change',
          'Every change to a product, company, appointment or purchase order is an event',
        ],
        ['events.listEvents.same-transaction', 'written in the same transaction as the change'],
        ['events.listEvents.bulk-upload-rows', 'bulk uploads emit the events of their rows'],
      ),
      rule('Events come oldest first, in the order their changes took effect.', 'events.listEvents.oldest-first'),
      rules(
        "A token sees the events of the records it can see, as the lists show them: on the organization interface those at its accessible locations plus the organization-wide ones (companies, unassigned purchase orders); on a location interface, or with `location_name`, that location's plus the organization-wide ones.",
        [
          'events.listEvents.visibility',
          'A token sees the events of the records it can see, as the lists show them: on the organization interface those at its accessible locations plus the organization-wide ones (companies, unassigned purchase orders)',
        ],
        [
          'events.listEvents.visibility-location',
          "on a location interface, or with `location_name`, that location's plus the organization-wide ones",
        ],
      ),
      rules(
        "An event is shown where its record is after the change (a deleted record: where it was), never where it was before a move, and a purchase order's booked appointments only at the token's locations.",
        [
          'events.listEvents.shown-after-change',
          'An event is shown where its record is after the change (a deleted record: where it was), never where it was before a move',
        ],
        [
          'events.listEvents.booked-appointments-narrowed',
          "a purchase order's booked appointments only at the token's locations",
        ],
      ),
      rule(
        'Every page has a `next_cursor`, an empty page too: pass it as `after` to read on.',
        'events.listEvents.next-cursor',
      ),
      rule('A cursor continues the same query (`types`, `location_name`).', 'events.listEvents.cursor-keeps-query'),
      rule(
        'An event appears once every transaction that began before it has ended, so a cursor never passes an event still to come: however many writers commit, in whatever order, a reader sees each event exactly once.',
        'events.listEvents.exactly-once',
      ),
      rules(
        'Events are kept for 30 days by default; a cursor at an event already deleted is 410 Gone, and the reader starts again without `after`.',
        ['events.listEvents.kept-30-days', 'Events are kept for 30 days by default'],
        [
          'events.listEvents.expired-cursor-410',
          'a cursor at an event already deleted is 410 Gone, and the reader starts again without `after`',
        ],
      ),
    ],
  },
  {
    extension: 'events',
    section: 'events.listEvents.after',
    title: 'GET /events: parameter after',
    place: { operation: 'listEvents', parameter: 'after' },
    units: [
      rule(
        'Read the events after this position: a `next_cursor` of an earlier page, or the `cursor` of an event.',
        'events.listEvents.after.position',
      ),
      rules(
        'Opaque, at most 200 characters, and good only for the organization it was given to (DECISIONS 334); one that is malformed or that this server did not give this organization is 400, one of the form servers gave before cursors were sealed is 410 (start again).',
        ['events.listEvents.after.bounded', 'Opaque, at most 200 characters'],
        ['events.listEvents.after.own-organization', 'good only for the organization it was given to (DECISIONS 334)'],
        [
          'events.listEvents.after.malformed-400',
          'one that is malformed or that this server did not give this organization is 400',
        ],
        [
          'events.listEvents.after.unsealed-410',
          'one of the form servers gave before cursors were sealed is 410 (start again)',
        ],
      ),
    ],
  },
  {
    extension: 'events',
    section: 'events.listEvents.start',
    title: 'GET /events: parameter start',
    place: { operation: 'listEvents', parameter: 'start' },
    units: [
      rule(
        '`latest` begins at the current end of the feed instead of the oldest event kept, to read only what happens from now on (the page is usually empty; keep its `next_cursor`).',
        'events.listEvents.start.latest',
      ),
      rule(
        'The end is what is settled: the event of a write acknowledged just before can still come after it, while an older transaction is open.',
        'events.listEvents.start.settled',
      ),
      rule('Not together with `after` (400).', 'events.listEvents.start.not-with-after'),
    ],
  },
  {
    extension: 'events',
    section: 'events.listEvents.limit',
    title: 'GET /events: parameter limit',
    place: { operation: 'listEvents', parameter: 'limit' },
    units: [rule('Events per page.', 'events.listEvents.limit.per-page')],
  },
  {
    extension: 'events',
    section: 'events.listEvents.types',
    title: 'GET /events: parameter types',
    place: { operation: 'listEvents', parameter: 'types' },
    units: [
      rule(
        'Only these event types, comma-separated: an exact type (`purchase_order.moved`), every type of one kind (`purchase_order.*`), or `*`, as the pattern lists them (white space around each is ignored).',
        'events.listEvents.types.filter',
      ),
      rule('An unknown type is 400.', 'events.listEvents.types.unknown-400'),
    ],
  },
  {
    extension: 'events',
    section: 'events.listEvents.200',
    title: 'GET /events 200',
    place: { operation: 'listEvents', response: '200' },
    units: [rule('One page of events, oldest first.', 'events.listEvents.200.oldest-first')],
  },
  {
    extension: 'events',
    section: 'events.CursorExpired',
    title: '410 CursorExpired response',
    place: { component: 'responses', name: 'CursorExpired' },
    units: [
      rule(
        'Extension beyond the reference (DECISIONS 177): `after` points at events that were deleted after the retention period (30 days by default).',
        'events.CursorExpired.after-deleted',
      ),
      context('Read the feed again without `after` (from the oldest event kept), or with `start=latest`.'),
    ],
  },
  {
    extension: 'events',
    section: 'events.getEvent',
    title: 'GET /events/{id} (getEvent)',
    place: { operation: 'getEvent' },
    units: [
      rule(
        'Extension beyond the reference (DECISIONS 170–177): one event, as the feed shows it to this token.',
        'events.getEvent.as-feed',
      ),
      rules(
        'An event the token cannot see, or one deleted after the retention period, is 404 like an unknown one.',
        ['events.getEvent.unseen-404', 'An event the token cannot see'],
        ['events.getEvent.expired-404', 'one deleted after the retention period, is 404 like an unknown one'],
      ),
    ],
  },
  {
    extension: 'events',
    section: 'events.getEvent.id',
    title: 'GET /events/{id}: parameter id',
    place: { operation: 'getEvent', parameter: 'id' },
    units: [rule("The event's `id`, `evt_` and digits, opaque (DECISIONS 334).", 'events.getEvent.id.format')],
  },
  {
    extension: 'events',
    section: 'events.getEvent.200',
    title: 'GET /events/{id} 200',
    place: { operation: 'getEvent', response: '200' },
    units: [context('The event.')],
  },
];
