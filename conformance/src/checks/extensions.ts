// Extensions beyond the reference (spec/DECISIONS.md 110–125): Idempotency-Key on POST, and
// ETag with If-None-Match and If-Match on records. Each check runs only when the profile
// declares the extension (`extensions: { idempotency: true, etags: true }`) and skips
// otherwise; the group is outside `--checks reference`, so it never decides the reference verdict.

import { isObject } from '@warehouse-kit/spec';
import type { CheckGroup, CheckRun } from '../check.js';
import { type Created, createdRecord } from '../fixtures/created.js';
import { type Exchange, headerOf, preview } from '../http.js';
import { requireExtension } from '../needs.js';
import { expectStatus, Problems } from '../problems.js';

/** A carrier of the run's own, for the checks that change it. */
async function carrier(run: CheckRun, label: string): Promise<Created & { exchange: Exchange }> {
  const exchange = await run.ctx.send(run.ctx.admin, 'POST', '/companies', {
    body: { company: { name: run.ctx.name(label), company_type: 'carrier' } },
  });
  return { ...createdRecord(exchange, 'with the created company (§4.4)'), exchange };
}

const header = (exchange: Exchange, name: string) => exchange.headers.get(name) ?? undefined;

export const extensions: CheckGroup = {
  name: 'extensions',
  title: 'Extensions beyond the reference: safe writes (decisions 110-125)',
  basis: 'extension',
  define(group) {
    group.check(
      {
        name: 'idempotent_create_replayed',
        method: 'POST',
        path: '/companies',
        status: 200,
        section: 'decision 112',
        verifies: ['idempotency.Idempotency-Key.replayed', 'idempotency.Idempotent-Replayed.true'],
      },
      async (run) => {
        requireExtension(run, 'idempotency');
        const { ctx } = run;
        const key = `${ctx.prefix}-replayed`;
        const body = { company: { name: ctx.name('idempotent carrier'), company_type: 'carrier' } };
        const first = await ctx.send(ctx.admin, 'POST', '/companies', { body, headers: { 'Idempotency-Key': key } });
        const { record } = createdRecord(first, 'with the created company (§4.4)');
        const again = await ctx.send(ctx.admin, 'POST', '/companies', { body, headers: { 'Idempotency-Key': key } });
        expectStatus(again, 200, 'replaying the first answer to the same key and request (decision 112)');
        const problems = new Problems(again);
        problems.expect(
          isObject(again.body) && again.body.id === record.id,
          'body.id',
          () => (isObject(again.body) && 'id' in again.body ? preview(again.body.id) : preview(again.body)),
          `${record.id}, the id of the first answer: nothing created twice (decision 112)`,
        );
        problems.expect(
          header(again, 'Idempotent-Replayed') === 'true',
          'Idempotent-Replayed',
          () => headerOf(again, 'Idempotent-Replayed'),
          'true (decision 112)',
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'idempotency_key_reuse_refused',
        method: 'POST',
        path: '/companies',
        status: 422,
        section: 'decision 115',
        verifies: ['idempotency.Idempotency-Key.other-request-422'],
      },
      async (run) => {
        requireExtension(run, 'idempotency');
        const { ctx } = run;
        const key = `${ctx.prefix}-reused`;
        const send = (label: string) =>
          ctx.send(ctx.admin, 'POST', '/companies', {
            body: { company: { name: ctx.name(label), company_type: 'carrier' } },
            headers: { 'Idempotency-Key': key },
          });
        createdRecord(await send('first of a key'), 'with the created company (§4.4)');
        const other = await send('second of a key');
        expectStatus(other, 422, 'for the key sent again with another body (decision 115)');
        const problems = new Problems(other);
        problems.expect(
          isObject(other.body) && isObject(other.body.errors) && 'Idempotency-Key' in other.body.errors,
          'body.errors',
          () => preview(other.body),
          'an entry for Idempotency-Key (decision 115)',
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'unchanged_record_not_modified',
        method: 'GET',
        path: '/companies/{id}',
        status: 304,
        section: 'decision 121',
        verifies: ['etags.If-None-Match.304', 'etags.NotModified.same-etag'],
      },
      async (run) => {
        requireExtension(run, 'etags');
        const { ctx } = run;
        const { record, exchange } = await carrier(run, 'etag carrier');
        const etag = header(exchange, 'ETag');
        const problems = new Problems(exchange);
        problems.expect(etag !== undefined, 'ETag', () => 'none', 'a strong ETag on the create (decision 120)');
        problems.throwIfAny();
        const read = await ctx.send(ctx.admin, 'GET', '/companies/{id}', {
          path: { id: record.id },
          headers: { 'If-None-Match': etag! },
        });
        expectStatus(read, 304, 'for If-None-Match naming the current ETag (decision 121)');
      },
    );

    group.check(
      {
        name: 'stale_if_match_refused',
        method: 'PATCH',
        path: '/companies/{id}',
        status: 412,
        section: 'decision 122',
        verifies: [
          'etags.ETag.changes-on-write',
          'etags.If-Match.listed',
          'etags.If-Match.412',
          'etags.PreconditionFailed.mismatch',
          'etags.PreconditionFailed.nothing-changed',
        ],
      },
      async (run) => {
        requireExtension(run, 'etags');
        const { ctx } = run;
        const { record, exchange } = await carrier(run, 'if-match carrier');
        const read = header(exchange, 'ETag') ?? '"none"';
        const patch = (city: string) =>
          ctx.send(ctx.admin, 'PATCH', '/companies/{id}', {
            path: { id: record.id },
            body: { company: { city } },
            headers: { 'If-Match': read },
          });
        const first = await patch('Halifax');
        expectStatus(first, 200, 'for If-Match naming the current ETag (decision 122)');
        const stale = await patch('Moncton');
        expectStatus(stale, 412, 'for If-Match naming the ETag the record had before (decision 122)');
        const problems = new Problems(stale);
        problems.expect(
          header(stale, 'ETag') === header(first, 'ETag'),
          'ETag',
          () => headerOf(stale, 'ETag'),
          `${headerOf(first, 'ETag')}, the current ETag (decision 122)`,
        );
        problems.throwIfAny();
        const after = await ctx.send(ctx.admin, 'GET', '/companies/{id}', { path: { id: record.id } });
        const kept = new Problems(after);
        kept.expect(
          isObject(after.body) && after.body.city === 'Halifax',
          'body.city',
          () => (isObject(after.body) && 'city' in after.body ? preview(after.body.city) : preview(after.body)),
          'Halifax: the refused write changed nothing (decision 122)',
        );
        kept.throwIfAny();
      },
    );
  },
};
