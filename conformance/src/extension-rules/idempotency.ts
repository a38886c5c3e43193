// The spec's rules of Idempotency-Key (DECISIONS 110-118), in its own words: the request header,
// the response header that marks a replay, and the 409 of a key still in use. Data; see model.ts.
import { context, rule, rules } from '../reference/model.js';
import type { ExtensionSection } from './model.js';

export const idempotency: ExtensionSection[] = [
  {
    extension: 'idempotency',
    section: 'idempotency.Idempotency-Key',
    title: 'Idempotency-Key request header',
    place: { component: 'parameters', name: 'IdempotencyKey' },
    units: [
      context('Extension beyond the reference (DECISIONS 110–118).'),
      rules(
        'A key the client chooses, 1 to 255 printable ASCII characters (else 400), such as a UUID: the first response to it is stored for 24 hours (by default) for this API user, and a retry with the same key, interface, method, path, query and body is answered that response again, its body byte for byte (DECISIONS 439), with `Idempotent-Replayed: true`, without running twice.',
        ['idempotency.Idempotency-Key.printable-400', '1 to 255 printable ASCII characters (else 400)'],
        [
          'idempotency.Idempotency-Key.stored-24h',
          'the first response to it is stored for 24 hours (by default) for this API user',
        ],
        [
          'idempotency.Idempotency-Key.replayed',
          'a retry with the same key, interface, method, path, query and body is answered that response again, its body byte for byte (DECISIONS 439), with `Idempotent-Replayed: true`, without running twice',
        ],
      ),
      rules(
        'The same key with another request, or on another interface, is 422 (`errors["Idempotency-Key"]`); while the first request is still running it is 409.',
        ['idempotency.Idempotency-Key.other-request-422', 'The same key with another request'],
        [
          'idempotency.Idempotency-Key.other-interface-422',
          'or on another interface, is 422 (`errors["Idempotency-Key"]`)',
        ],
        ['idempotency.Idempotency-Key.in-flight-409', 'while the first request is still running it is 409'],
      ),
      rule('Server errors (5xx) are not stored.', 'idempotency.Idempotency-Key.errors-not-stored'),
      rule(
        "A replay needs read access, as of now, at the locations the request names (its interface, the query's and the record's `location_name`); without it the answer is today's 403, and the stored response is kept for when access returns (DECISIONS 141).",
        'idempotency.Idempotency-Key.replay-needs-access',
      ),
    ],
  },
  {
    extension: 'idempotency',
    section: 'idempotency.Idempotent-Replayed',
    title: 'Idempotent-Replayed response header',
    place: { component: 'headers', name: 'Idempotent-Replayed' },
    units: [
      rule(
        "Extension beyond the reference (DECISIONS 112): `true` when this response is the one stored for the request's `Idempotency-Key`, answered again instead of running the request twice.",
        'idempotency.Idempotent-Replayed.true',
      ),
    ],
  },
  {
    extension: 'idempotency',
    section: 'idempotency.Conflict',
    title: '409 Conflict response',
    place: { component: 'responses', name: 'Conflict' },
    units: [
      rule(
        'Extension beyond the reference (DECISIONS 114): also a request whose `Idempotency-Key` belongs to a request still being processed; retry it later with the same key.',
        'idempotency.Conflict.in-flight',
      ),
    ],
  },
];
