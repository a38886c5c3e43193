// The API reference as data, in the reference's order: every unit of every section, and the
// rules they state with their ids. The suite never reads the reference file itself.
import { endpoints } from './endpoints.js';
import type { ReferenceRule, ReferenceSection, UnitKind } from './model.js';
import { resources } from './resources.js';
import { sharedRules } from './shared-rules.js';

export type { ReferenceRule, ReferenceSection, ReferenceUnit, UnitKind } from './model.js';

export const API_REFERENCE: readonly ReferenceSection[] = [...resources, ...endpoints, ...sharedRules];

/** A rule with where it stands: its source, its section and the whole unit it is part of. */
export interface LocatedRule extends ReferenceRule {
  /** The API reference, or the spec's description of an extension (extension-rules/). */
  source: 'reference' | 'extension';
  section: string;
  sectionTitle: string;
  kind: UnitKind;
  /** The sentence, table row or list item that states it. */
  unit: string;
}

/** Every rule and open point of the reference, in its order. */
export function referenceRules(): LocatedRule[] {
  return API_REFERENCE.flatMap(({ section, title, units }) =>
    units.flatMap(({ text, kind, rules }) =>
      rules.map((rule) => ({ ...rule, source: 'reference' as const, section, sectionTitle: title, kind, unit: text })),
    ),
  );
}
