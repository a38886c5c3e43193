// Stateful sequences (DECISIONS 205): a record followed the way a client would, create → read →
// update → list → delete, each answer checked against the one before it: the read returns what
// the create answered, the update changes what was sent and nothing else, the list shows the
// record as the update left it, and after the delete it is gone. Values come from the run's seed.
import fc from 'fast-check';
import type { RunContext } from '../../context.js';
import { type ApiRecord, createdRecord, listedRecords } from '../../fixtures/created.js';
import type { Exchange } from '../../http.js';
import { expectStatus, expectSuccess, Problems } from '../../problems.js';

export interface Lifecycle {
  /** The record's kind in messages and the check's name: `product`. */
  kind: string;
  collection: '/products' | '/companies' | '/purchase_orders';
  /** The record wrapper of its bodies: `product`. */
  wrapper: string;
  /** The reference's section of the record, and the rules of it each step relies on. */
  section: string;
  verifies: string[];
  /** The fields of a new record, from a text the seed chose. */
  create(ctx: RunContext, text: string): Record<string, unknown>;
  /** The fields an update changes. */
  update(ctx: RunContext, text: string): Record<string, unknown>;
  /** The list query that finds the record as the update left it. */
  listQuery(record: ApiRecord): Record<string, string>;
}

export const lifecycles: Lifecycle[] = [
  {
    kind: 'product',
    collection: '/products',
    wrapper: 'product',
    section: '§4.3',
    verifies: ['§4.3.create', '§4.3.view', '§4.3.update', '§4.3.list', '§4.3.delete'],
    create: (ctx, text) => ({ name: ctx.name(`lifecycle ${text}`), sku: ctx.code(), location_name: ctx.home.name }),
    update: (ctx, text) => ({ name: ctx.name(`lifecycle renamed ${text}`) }),
    listQuery: (record) => ({
      name: String(record.name),
      location_name: String(record.location_name),
      per_page: '100',
    }),
  },
  {
    kind: 'company',
    collection: '/companies',
    wrapper: 'company',
    section: '§4.4',
    verifies: ['§4.4.create', '§4.4.view', '§4.4.update', '§4.4.list', '§4.4.delete-status'],
    create: (ctx, text) => ({ name: ctx.name(`lifecycle ${text}`), company_type: 'carrier', contact_name: text }),
    update: (ctx, text) => ({ name: ctx.name(`lifecycle renamed ${text}`), city: text }),
    listQuery: (record) => ({ name: String(record.name), per_page: '100' }),
  },
  {
    kind: 'purchase order',
    collection: '/purchase_orders',
    wrapper: 'purchase_order',
    section: '§4.6',
    verifies: ['§4.6.create', '§4.6.update', '§4.6.list.po-number-filter', '§4.6.delete'],
    // Unassigned, so that no warehouse's required fields or catalog stand in the way.
    create: (ctx, text) => ({ po_number: ctx.code(), notes: ctx.name(`lifecycle ${text}`) }),
    update: (ctx, text) => ({ notes: ctx.name(`lifecycle changed ${text}`), carrier_name: text }),
    listQuery: (record) => ({ po_number: String(record.po_number), per_page: '100' }),
  },
];

/** Letters, digits, spaces and a few accents, as a client's data would hold: the seed picks them. */
function seededText(seed: number, salt: number): string {
  const text = fc.stringMatching(/^[A-Za-z0-9éüß][A-Za-z0-9 éüß]{2,18}[A-Za-z0-9]$/);
  return fc.sample(text, { seed: seed + salt, numRuns: 1 })[0]!;
}

/** Problems where `later` differs from `earlier` in a field the step did not change. */
function agrees(problems: Problems, step: string, earlier: ApiRecord, later: unknown, changed: string[] = []) {
  const record = (later ?? {}) as Record<string, unknown>;
  for (const [field, value] of Object.entries(earlier)) {
    if (field === 'updated_at' || changed.includes(field)) continue;
    problems.expect(
      JSON.stringify(record[field]) === JSON.stringify(value),
      `${step}: ${field}`,
      () => JSON.stringify(record[field]),
      `${JSON.stringify(value)}, as the step before answered`,
    );
  }
}

function expectFields(problems: Problems, step: string, record: unknown, sent: Record<string, unknown>) {
  const answered = (record ?? {}) as Record<string, unknown>;
  for (const [field, value] of Object.entries(sent))
    problems.expect(
      JSON.stringify(answered[field]) === JSON.stringify(value),
      `${step}: ${field}`,
      () => JSON.stringify(answered[field]),
      `${JSON.stringify(value)}, as sent`,
    );
}

/** Follows one record through its life; fails at the first step that disagrees with the one before. */
export async function followLifecycle(ctx: RunContext, life: Lifecycle, salt: number): Promise<void> {
  const text = seededText(ctx.robustness.seed, salt);
  const item = `${life.collection}/{id}`;
  const sent = life.create(ctx, text);
  const created = createdRecord(
    await ctx.send(ctx.admin, 'POST', life.collection, { body: { [life.wrapper]: sent } }),
    `with the created ${life.kind}`,
  );
  const id = created.record.id;
  const check = (exchange: Exchange, fill: (problems: Problems) => void) => {
    const problems = new Problems(exchange);
    fill(problems);
    problems.throwIfAny();
  };
  check(created.exchange, (problems) => expectFields(problems, 'create', created.record, sent));

  const read = await ctx.send(ctx.admin, 'GET', item, { path: { id } });
  expectStatus(read, 200, `with the ${life.kind} just created`);
  check(read, (problems) => agrees(problems, 'read after create', created.record, read.body));

  const changes = life.update(ctx, text);
  const updated = await ctx.send(ctx.admin, 'PATCH', item, { path: { id }, body: { [life.wrapper]: changes } });
  expectSuccess(updated, `with the updated ${life.kind}`);
  check(updated, (problems) => {
    expectFields(problems, 'update', updated.body, changes);
    agrees(problems, 'update', read.body as ApiRecord, updated.body, Object.keys(changes));
  });

  const list = await ctx.send(ctx.admin, 'GET', life.collection, { query: life.listQuery(updated.body as ApiRecord) });
  const listed = listedRecords(list, `listing the updated ${life.kind}`).find((record) => record.id === id);
  check(list, (problems) => {
    problems.expect(listed !== undefined, 'list: the record', () => 'absent', `the ${life.kind} ${id} just updated`);
    if (listed) agrees(problems, 'list after update', updated.body as ApiRecord, listed);
  });

  const deletion = await ctx.send(ctx.admin, 'DELETE', item, { path: { id } });
  expectSuccess(deletion, `deleting the ${life.kind}`);
  const gone = await ctx.send(ctx.admin, 'GET', item, { path: { id } });
  expectStatus(gone, 404, `for the ${life.kind} just deleted`);
}
