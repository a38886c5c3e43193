// Round trip (§2, DECISIONS 91): every value the suite sent comes back byte for byte wherever
// the record is answered (names with accents, other scripts and mixed case; SKUs; po_numbers;
// notes; custom values), and every location name in every answer is spelled exactly as
// GET /locations lists it (§2.1: that name is the value of location_name).
import type { CheckGroup, CheckRun } from '../check.js';
import { appointmentView, bookedSearch } from '../fixtures/appointments.js';
import { listedRecords } from '../fixtures/created.js';
import { listedNames } from '../fixtures/locations.js';
import { productLimits } from '../fixtures/products.js';
import {
  type Echo,
  verbatimOrder,
  verbatimOrderUpdated,
  verbatimProduct,
  verbatimProductRenamed,
} from '../fixtures/verbatim.js';
import { type Exchange, preview } from '../http.js';
import { expectStatus, Problems } from '../problems.js';
import { expectListedLocationNames, expectVerbatim } from '../verbatim.js';

interface Sample {
  method: string;
  path: string;
  section: string;
  /** The answer, and the values it must carry as sent; `id` picks the record out of a list. */
  echo: (run: CheckRun) => Promise<Echo & { id?: number }>;
}

const viewed =
  (template: string, echo: (run: CheckRun) => Promise<{ record: { id: number }; sent: Echo['sent'] }>) =>
  async (run: CheckRun): Promise<Echo> => {
    const { record, sent } = await echo(run);
    const exchange = await run.ctx.send(run.ctx.admin, 'GET', template, { path: { id: record.id } });
    return { exchange, sent };
  };

const listed =
  (template: string, query: (sent: Echo['sent']) => Record<string, string>, echo: typeof verbatimProductOf) =>
  async (run: CheckRun): Promise<Echo & { id: number }> => {
    const { record, sent } = await echo(run);
    const exchange = await run.ctx.send(run.ctx.admin, 'GET', template, { query: query(sent) });
    return { exchange, sent, id: record.id };
  };

const verbatimProductOf = (run: CheckRun) => verbatimProduct(run.ctx);
const verbatimOrderOf = (run: CheckRun) => verbatimOrder(run.ctx);
/** Answers whose only values to compare are their location names. */
const namesOnly = (exchange: (run: CheckRun) => Promise<Exchange>) => async (run: CheckRun) => ({
  exchange: await exchange(run),
  sent: {},
});

const samples: Sample[] = [
  { method: 'POST', path: '/products', section: '§2.2', echo: async ({ ctx }) => verbatimProduct(ctx) },
  { method: 'GET', path: '/products/{id}', section: '§2.2', echo: viewed('/products/{id}', verbatimProductOf) },
  {
    method: 'GET',
    path: '/products',
    section: '§4.3',
    echo: listed('/products', (sent) => ({ name: sent.name as string }), verbatimProductOf),
  },
  { method: 'PATCH', path: '/products/{id}', section: '§4.3', echo: ({ ctx }) => verbatimProductRenamed(ctx) },
  { method: 'POST', path: '/purchase_orders', section: '§2.3', echo: async ({ ctx }) => verbatimOrder(ctx) },
  {
    method: 'GET',
    path: '/purchase_orders/{id}',
    section: '§2.3',
    echo: viewed('/purchase_orders/{id}', verbatimOrderOf),
  },
  {
    method: 'GET',
    path: '/purchase_orders',
    section: '§4.6',
    echo: listed('/purchase_orders', (sent) => ({ po_number: sent.po_number as string }), verbatimOrderOf),
  },
  { method: 'PATCH', path: '/purchase_orders/{id}', section: '§4.6', echo: ({ ctx }) => verbatimOrderUpdated(ctx) },
  { method: 'GET', path: '/appointments/{id}', section: '§2.4', echo: namesOnly(appointmentView) },
  {
    method: 'GET',
    path: '/purchase_orders/with_booked_appointments',
    section: '§4.6',
    echo: namesOnly(bookedSearch),
  },
  { method: 'GET', path: '/product_limits', section: '§4.7', echo: namesOnly(({ ctx }) => productLimits(ctx)) },
];

export const roundTrip: CheckGroup = {
  name: 'round-trip',
  title: 'Round trip: values and location names byte for byte',
  basis: 'reference',
  define(group) {
    for (const { method, path, section, echo } of samples) {
      // Every answer's location names as GET /locations lists them (§2.1); the values sent rest on
      // DECISIONS 91, which reads the reference's fields as stored and returned unchanged.
      const meta = { name: 'values_returned_verbatim', method, path, status: 200, section, verifies: ['§2.1.name'] };
      group.check(meta, async (run) => {
        const { exchange, sent, id } = await echo(run);
        expectStatus(exchange, 200, `with the record (${section})`);
        const problems = new Problems(exchange);
        let record: unknown = exchange.body;
        if (id !== undefined) {
          record = listedRecords(exchange, `with the record (${section})`).find((entry) => entry.id === id);
          if (!record)
            problems.add('body', preview(exchange.body), `record ${id}, the one the filter names (${section})`);
        }
        if (record)
          expectVerbatim(problems, record, sent, `as sent (${section})`, id === undefined ? '' : `record ${id} `);
        expectListedLocationNames(problems, exchange.body, await listedNames(run.ctx));
        problems.throwIfAny();
      });
    }
  },
};
