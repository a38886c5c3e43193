// The spec's extension descriptions split the way extension-rules/ stores them: every extension
// operation's description (the webhook's too), each of its own parameters' and responses' (not the
// shared ones it refers to), and every shared header, parameter and response whose description
// says it is an extension beyond the reference; each description split into sentences, from the
// sentence that says so when it is not the first (Conflict's: its first sentences are not the
// extension's).
import { loadDocument, type OpenApiDocument } from '@warehouse-kit/spec/document';
import type { SpecPlace } from '../../src/extension-rules/index.js';

const MARK = 'Extension beyond the reference';

export interface DescribedPlace {
  place: SpecPlace;
  units: string[];
}

/** Sentences of a description: a full stop (or ! ?) followed by a capital, a digit, a backtick or a parenthesis starts one. */
function sentences(text: string): string[] {
  const all = text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=[A-Z0-9`(])/);
  const from = all.findIndex((sentence) => sentence.startsWith(MARK));
  return from > 0 ? all.slice(from) : all;
}

type Described = { description?: string; $ref?: string };
type Operation = Described & {
  operationId: string;
  summary?: string;
  parameters?: (Described & { name: string })[];
  responses: Record<string, Described>;
};

/** Every operation of the spec with the parameters of its path, the webhooks' included. */
function operations(document: OpenApiDocument): { operation: Operation; shared: Described[] }[] {
  const items = [
    ...Object.values(document.paths),
    ...Object.values((document as unknown as { webhooks: Record<string, Record<string, unknown>> }).webhooks),
  ];
  return items.flatMap((item) =>
    Object.values(item)
      .filter((value): value is Operation => typeof (value as Operation | undefined)?.operationId === 'string')
      .map((operation) => ({ operation, shared: (item.parameters ?? []) as Described[] })),
  );
}

/** Extension operations say so in their summary: `Read the change feed (extension)`. */
const isExtension = (operation: Operation) => /\(extension\)$/.test(operation.summary ?? '');

/** Every place of the spec that describes an extension, with its description's units. */
export function extensionPlaces(document: OpenApiDocument = loadDocument()): DescribedPlace[] {
  const places: DescribedPlace[] = [];
  const add = (place: SpecPlace, description: string | undefined) => {
    if (description) places.push({ place, units: sentences(description) });
  };
  for (const { operation, shared } of operations(document).filter(({ operation }) => isExtension(operation))) {
    const operationId = operation.operationId;
    add({ operation: operationId }, operation.description);
    for (const parameter of [...shared, ...(operation.parameters ?? [])] as (Described & { name: string })[])
      if (!parameter.$ref) add({ operation: operationId, parameter: parameter.name }, parameter.description);
    for (const [status, response] of Object.entries(operation.responses))
      if (!response.$ref) add({ operation: operationId, response: status }, response.description);
  }
  for (const component of ['headers', 'parameters', 'responses'] as const)
    for (const [name, described] of Object.entries(document.components[component] as Record<string, Described>))
      if (described.description?.includes(MARK)) add({ component, name }, described.description);
  return places;
}
