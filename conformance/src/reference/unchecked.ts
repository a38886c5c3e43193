// Rules of the reference that no check verifies, each with the reason. A rule belongs here only
// when a check cannot be written for it from outside the deployment, or not at a cost a run
// may take; a test fails for a rule that has neither a check nor an entry here.

/**
 * `outside`: no request can observe it (how tokens are issued, a location being renamed).
 * `setup`: it needs configuration the profile cannot describe and the API cannot create.
 * `cost`: checking it would spend more than a run may (an hour's budget, appointments, which cannot be deleted).
 */
export type UncheckedWhy = 'outside' | 'setup' | 'cost';

/** How each reason reads in a listing. */
export const UNCHECKED_WHY: Readonly<Record<UncheckedWhy, string>> = {
  outside: 'untestable from outside',
  setup: 'needs setup the profile cannot describe',
  cost: 'costs more than a run may spend',
};

export interface Unchecked {
  why: UncheckedWhy;
  detail: string;
}

export const UNCHECKED: Readonly<Record<string, Unchecked>> = {};
