// Sections 5 to 9 of the reference: authentication, events, errors, limits (rate limits,
// pagination, timestamps) and versioning. Data; see model.ts.
import { open, type ReferenceSection, rule, rules } from './model.js';

export const sharedRules: ReferenceSection[] = [
  {
    section: '5',
    title: 'Authentication',
    units: [
      rule('Every request carries the header `Authorization: Token <API_TOKEN>`.', '§5.rule-1'),
      rule(
        "The token is obtained from the service's support; the request names the organization and the locations needed.",
        '§5.rule-2',
      ),
      rule('A token that already exists works on the organization interface.', '§5.rule-2.existing-token'),
      rule(
        'The API user needs admin access at a location in the organization, and access to each location worked with, with permission for the requested action.',
        '§5.rule-3',
      ),
      rule('A read-only role at a location allows viewing but not creating or updating there.', '§5.rule-3.read-only'),
      rule('At least one location of the organization must have a paid subscription.', '§5.rule-4'),
      rule(
        'When that holds, the organization interface works for any accessible location, including unpaid ones.',
        '§5.rule-4.unpaid-locations',
      ),
      rule('Otherwise 402.', '§5.rule-4.otherwise-402'),
      rule('Missing or invalid token: 401.', '§5.rule-5.401'),
      rule('Insufficient permission: 403.', '§5.rule-5.403'),
      rule('Rate limits are counted per identical `Authorization` header value (section 8).', '§5.rule-6'),
    ],
  },
  {
    section: '6',
    title: 'Events',
    units: [open('Events, webhooks or notifications: not shown.', '§6.events')],
  },
  {
    section: '7',
    title: 'Errors',
    units: [
      rule(
        '400 | Bad Request | Location name missing where required; different location names in URL and body; invalid time filter; invalid values or format',
        '§7.400',
      ),
      rule('401 | Unauthorized | Invalid or missing token', '§7.401'),
      rule('402 | Payment Required | No location in the organization has a paid subscription', '§7.402'),
      rule(
        '403 | Forbidden | No admin access in the organization; no or insufficient access at the selected location; destination location without access',
        '§7.403',
      ),
      rule(
        '404 | Not Found | Unknown location or record; record outside accessible locations or outside an explicit location filter',
        '§7.404',
      ),
      rule(
        '422 | Unprocessable Entity | Validation failure (invalid order, line item, custom field, unknown custom field; duplicate SKU; product still referenced on delete)',
        '§7.422',
      ),
      rule('429 | Too Many Requests | Rate limit exceeded', '§7.429'),
      rule(
        '400 for a missing location: JSON object with an `error` string (the text says `location_name` is required).',
        '§7.body-400',
      ),
      rule(
        '422: JSON object with an `errors` field; for products it maps a field name to an array of messages.',
        '§7.body-422',
      ),
      rule('429: JSON error plus the rate-limit headers in section 8.', '§7.body-429'),
      open('Bodies of 401, 403, 404 and 402: not shown.', '§7.other-bodies'),
    ],
  },
  {
    section: '8',
    title: 'Limits',
    units: [
      rule(
        'Requests per minute | 120 | Organization and location requests together, per identical `Authorization` header',
        '§8.limits.per-minute',
      ),
      rule('Requests per hour | 5,000 | same', '§8.limits.per-hour'),
      rules(
        'When exceeded: 429 with a JSON error and headers `X-RateLimit-Limit` (the limit exceeded), `X-RateLimit-Remaining` (0), `X-RateLimit-Reset` (ISO 8601 UTC time when requests can resume).',
        ['§8.limits.exceeded-429', 'When exceeded: 429 with a JSON error'],
        ['§8.limits.limit-exceeded', '`X-RateLimit-Limit` (the limit exceeded)'],
        ['§8.limits.remaining-zero', '`X-RateLimit-Remaining` (0)'],
        ['§8.limits.reset-iso-utc', '`X-RateLimit-Reset` (ISO 8601 UTC time'],
        ['§8.limits.reset-resume', 'when requests can resume'],
      ),
      rule('`Retry-After` is not sent.', '§8.limits.no-retry-after'),
      rule(
        'Pagination (appointments, products, companies, purchase orders, product limits): parameter `page`.',
        '§8.pagination.lists',
      ),
      rule(
        'Response headers: `Current-Page`, `Page-Items`, `Total-Pages`, `Total-Count`, `Link`.',
        '§8.pagination.headers',
      ),
      rule('Link URLs keep a location filter only if the caller supplied one.', '§8.pagination.link-location-filter'),
      open('Default page size: not shown.', '§8.pagination.default-size'),
      rule('Locations are not paginated.', '§8.pagination.locations'),
      rule(
        'Booked-appointment purchase orders use `limit` (default 100, max 250) and `offset` (default 0).',
        '§8.pagination.booked',
      ),
      rule(
        'Timestamps in responses: every date-time is ISO 8601 with a UTC offset (`created_at`, `updated_at`, nested times).',
        '§8.timestamps.offset',
      ),
      rules(
        "Each entity is rendered in its own warehouse's zone at that instant (daylight saving applied); an entity with no location, such as an unassigned order, is rendered in UTC, and a location filter never changes this.",
        ['§8.timestamps.entity-zone', "Each entity is rendered in its own warehouse's zone at that instant"],
        ['§8.timestamps.daylight-saving', '(daylight saving applied)'],
        ['§8.timestamps.unassigned-utc', 'an entity with no location, such as an unassigned order, is rendered in UTC'],
        ['§8.timestamps.filter-never-changes', 'a location filter never changes this'],
      ),
      rule('Date-only fields keep `YYYY-MM-DD`.', '§8.timestamps.date-only'),
      rule('Missing times are null.', '§8.timestamps.missing-null'),
      rule(
        "Timestamp input without an offset: create/update uses the entity's effective location zone, or UTC when unassigned.",
        '§8.timestamps.input',
      ),
    ],
  },
  {
    section: '9',
    title: 'Versioning',
    units: [
      rule('The version is the path prefix `/api/v1` on both interfaces.', '§9.version-prefix'),
      rule(
        'The location interface continues to work alongside the organization interface.',
        '§9.location-interface-continues',
      ),
      rules(
        'In responses, `location` is a compatibility alias of `location_name` for appointments and nested booked appointments; new integrations use `location_name`.',
        [
          '§9.location-alias',
          '`location` is a compatibility alias of `location_name` for appointments and nested booked appointments',
        ],
      ),
      open('Deprecation or release policy for other versions: not shown.', '§9.deprecation'),
    ],
  },
];
