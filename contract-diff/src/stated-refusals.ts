// A request keyword that states a refusal the base's prose documented (DECISIONS 447): the values it
// refuses were refused before, so for a client of the base it changes nothing. The revision says so
// in `info.x-stated-refusals`, each entry naming the keyword's place, the base's value there and
// the base's sentences; an entry holds only while the base has that value there and those
// sentences, so it is checked against the base, and stays inert once released.
import { isNode, lookUp, type Node, same } from './resolve.js';

export interface StatedRefusal {
  /** The keyword (or allOf member) in the revision, as a `#/...` pointer: `#/components/schemas/X/pattern`. */
  at: string;
  /** The base's value at `at`; absent when the base had none. */
  was?: unknown;
  /** Sentences of the base's descriptions that document the refusal. */
  documented: string[];
}

const words = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every `description` of a document, white space collapsed. */
function descriptionsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const inner of node) descriptionsOf(inner, found);
  else if (isNode(node))
    for (const [key, inner] of Object.entries(node)) {
      if (key === 'description' && typeof inner === 'string') found.push(words(inner));
      else descriptionsOf(inner, found);
    }
  return found;
}

function valueAt(document: unknown, pointer: string): unknown {
  try {
    return lookUp(document, pointer);
  } catch {
    return undefined;
  }
}

function isStatedRefusal(value: unknown): value is StatedRefusal {
  return (
    isNode(value) &&
    typeof value.at === 'string' &&
    value.at.startsWith('#/') &&
    Array.isArray(value.documented) &&
    value.documented.length > 0 &&
    value.documented.every((sentence) => typeof sentence === 'string' && sentence.trim() !== '')
  );
}

/** The revision's stated refusals, in order; malformed entries are not refusals. */
export function statedRefusalsOf(revision: Node): StatedRefusal[] {
  const info = isNode(revision.info) ? revision.info : {};
  const entries = info['x-stated-refusals'];
  return Array.isArray(entries) ? entries.filter(isStatedRefusal) : [];
}

/** The stated refusals of `revision` that hold against `base`, by their place. */
export function holdingRefusals(base: Node, revision: Node): Map<string, StatedRefusal> {
  const descriptions = descriptionsOf(base);
  const holding = new Map<string, StatedRefusal>();
  for (const refusal of statedRefusalsOf(revision)) {
    const documented = refusal.documented.every((sentence) =>
      descriptions.some((description) => description.includes(words(sentence))),
    );
    if (documented && same(valueAt(base, refusal.at), refusal.was)) holding.set(refusal.at, refusal);
  }
  return holding;
}
