// Rules of the reference that no check verifies, each with the reason. A rule belongs here only
// when a check cannot be written for it from outside the deployment, or not at a cost a run
// may take; a test fails for a rule that has neither a check nor an entry here.

/**
 * `outside`: no request can observe it (how tokens are issued, a location being renamed).
 * `setup`: it needs configuration the profile cannot describe and the API cannot create.
 * `cost`: checking it would spend more than a run may (an hour's budget, appointments, which cannot be deleted).
 * `pending`: a check could be made and is not yet; only rules of the extensions, whose tracing
 * began after their checks (extension-rules/unchecked.ts), may say so (DECISIONS 454).
 */
export type UncheckedWhy = 'outside' | 'setup' | 'cost' | 'pending';

/** How each reason reads in a listing. */
export const UNCHECKED_WHY: Readonly<Record<UncheckedWhy, string>> = {
  outside: 'untestable from outside',
  setup: 'needs setup the profile cannot describe',
  cost: 'costs more than a run may spend',
  pending: 'no check yet',
};

export interface Unchecked {
  why: UncheckedWhy;
  detail: string;
}

const LIMITS =
  'product limits are warehouse settings: the API cannot create them (read-only, §4.7), the profile does not ' +
  'describe them, and the shape of an entry is not shown';

export const UNCHECKED: Readonly<Record<string, Unchecked>> = {
  '§2.4.dock-and-carrier': {
    why: 'setup',
    detail:
      "a warehouse's dock names are its settings, which the profile does not list; the suite books its appointment without a dock",
  },
  '§2.4.packing-list-ids-belong': {
    why: 'cost',
    detail: 'needs a second appointment whose packing list IDs to send, and appointments cannot be deleted',
  },
  '§2.4.warehouse-docks-and-settings': {
    why: 'setup',
    detail: "a warehouse's docks, yards and appointment settings are configuration the profile does not describe",
  },
  '§2.6.overrides': { why: 'setup', detail: LIMITS },
  '§2.6.wall-clock-times': { why: 'setup', detail: LIMITS },
  '§4.7.default-dates': { why: 'setup', detail: LIMITS },
  '§4.7.local-dates': { why: 'setup', detail: LIMITS },
  '§8.timestamps.date-only': {
    why: 'setup',
    detail: `the reference names no date-only field of a response but those of product-limit entries: ${LIMITS}`,
  },
  '§4.1.rule-1.renamed': {
    why: 'outside',
    detail: 'renaming a location is not part of the API: a location is renamed by the service, not by a request',
  },
  '§5.rule-2': {
    why: 'outside',
    detail: "tokens come from the service's support, outside the API; a profile holds tokens so obtained",
  },
  '§4.6.booked.accessible-only': {
    why: 'cost',
    detail:
      'needs an appointment at a location the no_access token cannot see, a second appointment the run could not delete',
  },
  '§4.6.custom-fields.rule-6.conflicting-types': {
    why: 'setup',
    detail: 'needs a key defined twice with different types, which the profile cannot declare (it lists each key once)',
  },
  '§8.limits.per-hour': {
    why: 'cost',
    detail: "would spend 5,000 requests of the token's hour, forty times what the per-minute checks spend",
  },
};
