// Bulk uploads (§4.8 leaves path, method and payload open; DECISIONS 3 and 38 and the spec
// settle them): POST /bulk_uploads on a location interface only, every row applied or none,
// row errors keyed by field path, and the whole upload counted as one request.
import { readRateLimit } from '@warehouse-kit/sdk';
import { isObject } from '@warehouse-kit/spec';
import type { CheckGroup } from '../check.js';
import { bulkUpload, refusedBulkUpload } from '../fixtures/bulk-uploads.js';
import { listedRecords } from '../fixtures/created.js';
import { listedName } from '../fixtures/locations.js';
import { type Exchange, preview } from '../http.js';
import { expectStatus, Problems } from '../problems.js';
import { expectVerbatim } from '../verbatim.js';

const PATH = '/bulk_uploads';
const rateLimitOf = (exchange: Exchange) => readRateLimit(exchange.headers);

export const bulkUploads: CheckGroup = {
  name: 'bulk-uploads',
  title: 'Bulk uploads (decisions 3 and 38)',
  basis: 'decision',
  define(group) {
    group.check(
      {
        name: 'bulk_upload_applies_every_row',
        method: 'POST',
        path: PATH,
        status: 200,
        section: 'decision 38',
        verifies: ['§4.8.location-interface', '§4.8.shape'],
      },
      async (run) => {
        const { ctx } = run;
        const { location, products, upload } = await bulkUpload(run);
        expectStatus(upload, 200, 'with every row applied (decision 38)');
        const body = isObject(upload.body) ? upload.body : {};
        const problems = new Problems(upload);
        expectVerbatim(problems, body, { location_name: await listedName(ctx, location) }, 'as listed (decision 3)');
        const rows = (kind: string) => (Array.isArray(body[kind]) ? (body[kind] as unknown[]).filter(isObject) : []);
        problems.expect(
          rows('products')
            .map((row) => `${row.row} ${row.action}`)
            .join(', ') === '0 created, 1 created' &&
            rows('purchase_orders')
              .map((row) => `${row.row} ${row.action}`)
              .join(', ') === '0 created',
          'body',
          () => preview(body),
          'products rows 0 and 1 and purchase_orders row 0, each created with its id (decision 38, spec)',
        );
        problems.throwIfAny();
        for (const [i, row] of rows('products').entries()) {
          const view = await ctx.send(ctx.writerAt(location), 'GET', '/products/{id}', {
            path: { id: row.id as number },
          });
          expectStatus(view, 200, `for product ${row.id}, which the upload created`);
          const found = new Problems(view);
          expectVerbatim(found, view.body, products[i]!, 'as uploaded (decision 38)');
          found.throwIfAny();
        }
      },
    );

    group.check(
      {
        name: 'bulk_upload_all_or_nothing',
        method: 'POST',
        path: PATH,
        status: 422,
        section: 'decision 38',
        verifies: ['§4.8.shape'],
      },
      async (run) => {
        const { sku, upload, afterwards } = await refusedBulkUpload(run);
        expectStatus(upload, 422, 'for an upload with a product whose name is blank (decisions 5 and 38)');
        const errors = isObject(upload.body) && isObject(upload.body.errors) ? upload.body.errors : {};
        new Problems(upload)
          .expect(
            Object.keys(errors).some((key) => key.startsWith('products[1]')),
            'body.errors',
            () => preview(upload.body),
            'an entry keyed by the row and field, such as products[1].name (decision 6)',
          )
          .throwIfAny();
        const found = listedRecords(afterwards, 'with the products of that SKU');
        new Problems(afterwards)
          .expect(
            found.length === 0,
            'body',
            preview(found.map((product) => product.id)),
            `no product ${sku}: the good row of a refused upload is not applied either (decision 38)`,
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'bulk_upload_counts_as_one_request',
        method: 'POST',
        path: PATH,
        status: 200,
        section: '§4.8, decision 92',
        verifies: ['§4.8.shape'],
      },
      async (run) => {
        const { before, upload, after } = await bulkUpload(run);
        expectStatus(upload, 200, 'with every row applied (decision 38)');
        const [first, middle, last] = [before, upload, after].map(rateLimitOf);
        const sameWindow =
          first!.limit === last!.limit &&
          first!.reset?.getTime() === last!.reset?.getTime() &&
          first!.limit !== undefined;
        if (!sameWindow || first!.remaining === undefined)
          run.skip(
            'the rate-limit window changed during the upload, or the headers are missing, so nothing can be counted',
          );
        new Problems(upload)
          .expect(
            middle!.remaining === first!.remaining! - 1 && last!.remaining === first!.remaining! - 2,
            'header X-RateLimit-Remaining',
            `${first!.remaining} before, ${middle!.remaining} for the upload of 3 rows, ${last!.remaining} after`,
            `${first!.remaining! - 1} then ${first!.remaining! - 2}: the upload counts as one request (decision 92)`,
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'bulk_upload_location_interface_only',
        method: 'POST',
        path: PATH,
        status: 404,
        section: 'decision 3',
        verifies: ['§4.8.location-interface'],
      },
      async ({ ctx }) => {
        const answer = await ctx.send(ctx.admin, 'POST', PATH, {
          body: { bulk_upload: { products: [{ name: ctx.name('bulk on organization'), sku: ctx.code() }] } },
        });
        expectStatus(
          answer,
          404,
          'on the organization interface: bulk uploads exist on location interfaces only (decision 3)',
        );
      },
    );
  },
};
