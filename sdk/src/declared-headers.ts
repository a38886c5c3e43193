// Which operation a request is, and whether the contract lets it carry a header: the clients add
// an extension's header (Idempotency-Key, If-Match) only where the operation declares it, read
// from the table generated from openapi.yaml (DECISIONS 305), since an operation may refuse one
// (a webhook endpoint's create answers 400 to an Idempotency-Key).
import { headerParameters } from '@warehouse-kit/spec';

// Path templates with fewer parameters first, so a literal segment wins over a parameter:
// `/purchase_orders/with_booked_appointments` is never read as an order's id.
const templates = [...new Set(Object.keys(headerParameters).map((key) => key.slice(key.indexOf(' ') + 1)))]
  .map((template) => ({ template, segments: template.split('/') }))
  .sort((a, b) => parameterCount(a.segments) - parameterCount(b.segments));

function parameterCount(segments: string[]): number {
  return segments.filter((segment) => segment.startsWith('{')).length;
}

/** The spec's template of a path under `/api/v1`: itself when it is one, else the template it fills in. */
function templateOf(path: string): string | undefined {
  const segments = path.split('?')[0]!.split('/');
  return templates.find(
    (candidate) =>
      candidate.segments.length === segments.length &&
      candidate.segments.every((segment, i) => segment === segments[i] || segment.startsWith('{')),
  )?.template;
}

/**
 * Whether the operation of `method` and `path` (a template such as `/products/{id}`, as
 * openapi-fetch's middleware sees it, or a concrete path such as `/products/7`) declares the
 * header parameter `name`. A path the contract does not know declares none.
 */
export function declaresHeader(method: string, path: string, name: string): boolean {
  const template = templateOf(path);
  const declared = template === undefined ? undefined : headerParameters[`${method.toUpperCase()} ${template}`];
  return declared?.some((header) => header.toLowerCase() === name.toLowerCase()) ?? false;
}
