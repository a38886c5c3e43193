// Which groups a run takes: `--checks` names groups, or `reference` for every group that
// checks only the API reference's own rules; `--skip` leaves groups out (e.g. rate-limits).
// An opt-in group (robustness) runs only when `--checks` names it.
import type { CheckGroup } from './check.js';
import { groups } from './checks/index.js';
import { UsageError } from './errors.js';

export const REFERENCE = 'reference';

/** The selectable names, for help texts and error messages. */
export function selectableNames(): string[] {
  return [REFERENCE, ...groups.map((group) => group.name)];
}

function expand(names: string[]): Set<CheckGroup> {
  const chosen = new Set<CheckGroup>();
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (name === REFERENCE) {
      for (const group of groups) if (group.basis === 'reference') chosen.add(group);
    } else {
      const group = groups.find((candidate) => candidate.name === name);
      if (!group)
        throw new UsageError(`unknown check group ${JSON.stringify(raw)}; choose from ${selectableNames().join(', ')}`);
      chosen.add(group);
    }
  }
  return chosen;
}

/** The selected groups in run order. */
export function selectGroups(checks: string[] | undefined, skip: string[] = []): CheckGroup[] {
  const included = checks?.length ? expand(checks) : new Set(groups.filter((group) => !group.optIn));
  const excluded = expand(skip);
  const selected = groups.filter((group) => included.has(group) && !excluded.has(group));
  if (!selected.length) throw new UsageError('no check group is left to run; see --checks and --skip');
  return selected;
}
