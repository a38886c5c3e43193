// The spec's extensions as data, the way reference/ holds the API reference: every description
// the spec gives an extension's operation, parameter, header or response (idempotency, ETags,
// events, webhooks), split into units (sentences, in the spec's own words), each unit stating
// rules with stable ids such as `webhooks.deliverEvent.410.disables`, or only describing. Checks
// name the ids they verify, as they name the reference's; a test compares the units with the
// spec's descriptions, so the copy cannot drift from the spec unseen (DECISIONS 454).
import type { ReferenceSection } from '../reference/model.js';

export type Extension = 'idempotency' | 'etags' | 'events' | 'webhooks';

/**
 * Where a description is in the spec: an operation (the webhook's too, `deliverEvent`), or one of
 * its own parameters or responses; or a component the extension's operations share.
 */
export type SpecPlace =
  | { operation: string; parameter?: string; response?: string }
  | { component: 'headers' | 'parameters' | 'responses'; name: string };

/** A description of the spec, as a section: `section` is the extension and the place (`events.listEvents.after`). */
export interface ExtensionSection extends ReferenceSection {
  extension: Extension;
  place: SpecPlace;
}
