// Compares two versions of an OpenAPI 3.1 contract and classifies every change as breaking or
// compatible for a client built against the first (DECISIONS 352): `whctl contract diff` and
// `npm run contract:check` read this. Descriptions, summaries, titles, examples and `x-`
// extensions are documentation and are not listed; neither is `info.version`. One extension is
// read: the revision's `info.x-stated-refusals`, the narrowings that only state what the base's
// prose refused (DECISIONS 447).
import { ChangeLog, type ContractChange } from './change.js';
import { compareOperations, compareSecuritySchemes } from './operations.js';
import { isNode, type Node } from './resolve.js';
import { holdingRefusals } from './stated-refusals.js';

export type { ContractChange } from './change.js';
export { lookUp } from './resolve.js';
export { type ChangeKind, type Rule, type RuleId, rules } from './rules.js';
export { holdingRefusals, type StatedRefusal, statedRefusalsOf } from './stated-refusals.js';

/** Every change from `base` to `revision`, in document order, breaking or not. */
export function diffContracts(base: unknown, revision: unknown): ContractChange[] {
  if (!isContract(base) || !isContract(revision)) throw new TypeError('both sides must be OpenAPI 3.x documents');
  const sides = { log: new ChangeLog(holdingRefusals(base, revision)), base, revision };
  compareServers(sides.log, base, revision);
  compareSecuritySchemes(sides);
  compareOperations(sides, 'paths');
  compareOperations(sides, 'webhooks');
  return sides.log.changes;
}

function isContract(value: unknown): value is Node {
  return isNode(value) && typeof value.openapi === 'string' && value.openapi.startsWith('3.');
}

function compareServers(log: ChangeLog, base: Node, revision: Node): void {
  const urls = (document: Node) =>
    (Array.isArray(document.servers) ? document.servers : []).map((server: Node) => String(server.url));
  const before = urls(base);
  const after = urls(revision);
  before.forEach((url, index) => {
    if (!after.includes(url)) log.record('server-removed', ['servers', index], url);
  });
  after.forEach((url, index) => {
    if (!before.includes(url)) log.record('server-added', ['servers', index], url);
  });
}

/** The semver part a release must bump for these changes: major for a breaking one, minor for any other. */
export function requiredBump(changes: readonly ContractChange[]): 'major' | 'minor' | 'none' {
  if (changes.some((change) => change.kind === 'breaking')) return 'major';
  return changes.length ? 'minor' : 'none';
}
