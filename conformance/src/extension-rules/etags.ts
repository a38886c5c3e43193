// The spec's rules of ETags (DECISIONS 119-124), in its own words: the ETag header, If-Match and
// If-None-Match, and the 304 and 412 they bring. Data; see model.ts.
import { context, rule, rules } from '../reference/model.js';
import type { ExtensionSection } from './model.js';

export const etags: ExtensionSection[] = [
  {
    extension: 'etags',
    section: 'etags.ETag',
    title: 'ETag response header',
    place: { component: 'headers', name: 'ETag' },
    units: [
      rules(
        "Extension beyond the reference (DECISIONS 119): the record's strong entity-tag, a quoted version that changes with every write to the record or to what is nested in it (items, packing lists, custom values, booked appointments).",
        ['etags.ETag.strong', "the record's strong entity-tag, a quoted version"],
        ['etags.ETag.changes-on-write', 'that changes with every write to the record'],
        ['etags.ETag.nested', 'or to what is nested in it (items, packing lists, custom values, booked appointments)'],
      ),
      context(
        'Send it back in `If-Match` to update or delete only the version you read, or in `If-None-Match` to read only if it changed.',
      ),
    ],
  },
  {
    extension: 'etags',
    section: 'etags.If-Match',
    title: 'If-Match request header',
    place: { component: 'parameters', name: 'IfMatch' },
    units: [
      context('Extension beyond the reference (DECISIONS 122–124).'),
      rules(
        '`*` or a comma-separated list of `ETag`s (`"7"`, or weak `W/"7"`), as the pattern says: the write happens only if the record\'s current ETag is one of them (strong comparison, so a weak tag never matches; `*` matches any existing record), else 412 with the current `ETag` and nothing is changed.',
        [
          'etags.If-Match.listed',
          "the write happens only if the record's current ETag is one of them (strong comparison",
        ],
        ['etags.If-Match.star', '`*` matches any existing record'],
        ['etags.If-Match.412', 'else 412 with the current `ETag` and nothing is changed'],
      ),
      rule(
        '404 and 403 answer as without the header; an empty value is no condition.',
        'etags.If-Match.not-found-as-without',
      ),
      rule('A malformed or longer value is 400 (DECISIONS 153, 446).', 'etags.If-Match.malformed-400'),
    ],
  },
  {
    extension: 'etags',
    section: 'etags.If-None-Match',
    title: 'If-None-Match request header',
    place: { component: 'parameters', name: 'IfNoneMatch' },
    units: [
      context('Extension beyond the reference (DECISIONS 121).'),
      rules(
        "When the record's current `ETag` is listed (or `*`), 304 Not Modified without a body; a value that names no current ETag, malformed ones included, reads the record as without the header (DECISIONS 448).",
        ['etags.If-None-Match.304', "When the record's current `ETag` is listed (or `*`), 304 Not Modified"],
        ['etags.If-None-Match.no-body', 'without a body'],
      ),
      rule('A longer value is 400 (DECISIONS 153).', 'etags.If-None-Match.longer-400'),
    ],
  },
  {
    extension: 'etags',
    section: 'etags.NotModified',
    title: '304 NotModified response',
    place: { component: 'responses', name: 'NotModified' },
    units: [
      rules(
        'Extension beyond the reference (DECISIONS 121): the record still has the `ETag` sent in `If-None-Match`; no body.',
        ['etags.NotModified.same-etag', 'the record still has the `ETag` sent in `If-None-Match`'],
        ['etags.NotModified.no-body', 'no body'],
      ),
    ],
  },
  {
    extension: 'etags',
    section: 'etags.PreconditionFailed',
    title: '412 PreconditionFailed response',
    place: { component: 'responses', name: 'PreconditionFailed' },
    units: [
      rule(
        "Extension beyond the reference (DECISIONS 122): `If-Match` does not match the record's current `ETag` (someone else changed it since it was read).",
        'etags.PreconditionFailed.mismatch',
      ),
      rule(
        'Nothing was changed; the `ETag` header carries the current one.',
        'etags.PreconditionFailed.nothing-changed',
      ),
      context('Read the record again and reapply the change.'),
    ],
  },
];
