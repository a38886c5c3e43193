// The spec's extension rules as data, extension by extension, and as the trace reads them.
import type { LocatedRule } from '../reference/index.js';
import { etags } from './etags.js';
import { events } from './events.js';
import { idempotency } from './idempotency.js';
import type { ExtensionSection } from './model.js';
import { webhooks } from './webhooks.js';

export type { Extension, ExtensionSection, SpecPlace } from './model.js';

export const EXTENSION_RULES: readonly ExtensionSection[] = [...idempotency, ...etags, ...events, ...webhooks];

/** Every rule the spec's extension descriptions state, in the order above. */
export function extensionRules(): LocatedRule[] {
  return EXTENSION_RULES.flatMap(({ section, title, units }) =>
    units.flatMap(({ text, kind, rules }) =>
      rules.map((rule) => ({ ...rule, source: 'extension' as const, section, sectionTitle: title, kind, unit: text })),
    ),
  );
}
