// What the SDK's and whctl's write tests share (DECISIONS 305-307): the four declarations of
// extensions a client may be given, records made fresh for each write through the test server's
// own client (so the client under test sends only the write), and the rule for the headers a
// client sends: an Idempotency-Key or If-Match only where the operation declares it, and, when
// the deployment is declared to honour keys, a key on every POST whose operation takes one.
import type { DeploymentExtensions } from '@warehouse-kit/sdk';
import { createOperationMatcher, listOperations, type OperationSpec } from '@warehouse-kit/spec/document';
import type { LocationKey, World } from '@warehouse-kit/testing/server';

export interface Declaration {
  /** As the test titles say it. */
  title: string;
  extensions: DeploymentExtensions;
  /** As whctl takes it (WHCTL_EXTENSIONS). */
  list: string;
}

export const DECLARATIONS: Declaration[] = [
  { title: 'no extensions', extensions: {}, list: 'none' },
  { title: 'idempotency', extensions: { idempotency: true }, list: 'idempotency' },
  { title: 'etags', extensions: { etags: true }, list: 'etags' },
  { title: 'idempotency and etags', extensions: { idempotency: true, etags: true }, list: 'idempotency,etags' },
];

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Every POST, PUT, PATCH and DELETE operation of the spec. */
export const writeOperations = (): OperationSpec[] =>
  listOperations().filter((operation) => WRITE_METHODS.has(operation.method));

/** A request as it went on the wire. */
export interface SentRequest {
  method: string;
  url: string;
  /** Names in lower case. */
  headers: Record<string, string>;
}

const matcher = createOperationMatcher();

/** The operation of a request, by its path under /api/v1. */
export function operationOf(request: SentRequest): OperationSpec | undefined {
  const path = new URL(request.url).pathname.replace(/^\/api\/v1(?=\/)/, '');
  return matcher.match(request.method, path)?.operation;
}

export const isWrite = (request: SentRequest) => WRITE_METHODS.has(request.method.toLowerCase());

/** Whether the operation declares the header parameter. */
export const declares = (operation: OperationSpec, header: string) =>
  operation.parameters.some((parameter) => parameter.in === 'header' && parameter.name === header);

/** What is wrong with the headers of the requests sent, a line each. */
export function headerFaults(sent: SentRequest[], extensions: DeploymentExtensions): string[] {
  const faults: string[] = [];
  for (const request of sent) {
    const operation = operationOf(request);
    const name = `${request.method} ${request.url}`;
    if (!operation) {
      faults.push(`${name} is no operation of the spec`);
      continue;
    }
    for (const header of ['Idempotency-Key', 'If-Match'])
      if (request.headers[header.toLowerCase()] !== undefined && !declares(operation, header))
        faults.push(`${name} carries ${header}, which ${operation.operationId} does not declare`);
    const keyable = operation.method === 'post' && declares(operation, 'Idempotency-Key');
    if (extensions.idempotency && keyable && request.headers['idempotency-key'] === undefined)
      faults.push(
        `${name} has no Idempotency-Key, though ${operation.operationId} takes one and idempotency is declared`,
      );
  }
  return faults;
}

/** The status the operation answers when it succeeds; undefined for one that never does. */
export function successStatus(operation: OperationSpec): number | undefined {
  const status = Object.keys(operation.responses).find((code) => code.startsWith('2'));
  return status === undefined ? undefined : Number(status);
}

let made = 0;

/**
 * Records for the writes to act on, each made fresh through the test server's own client with
 * the `integration` token (admin at Toronto DC), so the client under test spends its rate
 * limit on the writes alone.
 */
export class Fixtures {
  constructor(private readonly world: World) {}

  /** A name no other record of the run has. */
  unique(prefix: string): string {
    return `${prefix}-${++made}-${this.world.id}`;
  }

  private async made(path: string, body: unknown, location?: LocationKey): Promise<any> {
    const answer = await this.world.as('integration', location).post(path, body);
    if (answer.status !== 200 && answer.status !== 201)
      throw new Error(`making a fixture: POST ${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async product(): Promise<number> {
    return (await this.made('/products', { product: { name: this.unique('Figs'), location_name: 'Toronto DC' } })).id;
  }

  async company(): Promise<number> {
    return (await this.made('/companies', { company: { name: this.unique('Carrier'), company_type: 'carrier' } })).id;
  }

  async appointment(): Promise<number> {
    return (await this.made('/appointments', { appointment: this.appointmentFields() })).id;
  }

  appointmentFields() {
    return { location_name: 'Toronto DC', scheduled_at: '2026-12-01T08:00:00', notes: this.unique('Dock') };
  }

  /** An order at Toronto DC, or unassigned with `null`. */
  async order(location: string | null = 'Toronto DC'): Promise<number> {
    return (
      await this.made('/purchase_orders', { purchase_order: { po_number: this.unique('PO'), location_name: location } })
    ).id;
  }

  async endpoint(): Promise<number> {
    return (
      await this.made('/webhook_endpoints', {
        webhook_endpoint: {
          url: 'http://127.0.0.1:9/hook',
          description: this.unique('Hook'),
          location_names: ['Toronto DC'],
        },
      })
    ).id;
  }

  /** An endpoint with one pending delivery: a product made after it, queued by a recovery. */
  async delivery(): Promise<{ endpoint: number; delivery: number }> {
    const since = new Date(Date.now() - 1000).toISOString();
    const endpoint = await this.endpoint();
    await this.product();
    await this.made(`/webhook_endpoints/${endpoint}/recover`, { recovery: { since } });
    const listed = await this.world.as('integration').get(`/webhook_endpoints/${endpoint}/deliveries`);
    return { endpoint, delivery: listed.body[0].id };
  }
}
