// Every response the suite looks at, validated against the spec's schema for its operation
// and status: headers and body, reporting the path of the first mismatch. The spec carries
// our decisions as well as the reference's rules (the fields of a company, `time_zone` on
// locations, the `{error}` body of every 4xx), so this group's basis is `decision`: a
// deployment that follows only the reference may fail it, and `--checks reference` leaves it out.
import type { CheckGroup, CheckRun } from '../check.js';
import {
  appointmentList,
  appointmentUpdate,
  appointmentView,
  bookedAppointment,
  bookedSearch,
} from '../fixtures/appointments.js';
import { updatedOrder } from '../fixtures/changed-orders.js';
import { companyList, companyUpdate, companyView, createdCompany, deletedCompany } from '../fixtures/companies.js';
import { locationList } from '../fixtures/locations.js';
import {
  deletedProduct,
  productAt,
  productLimits,
  productList,
  productRenamed,
  productView,
} from '../fixtures/products.js';
import { assignedOrder, bookedOrders, deletedOrder, orderList, orderView } from '../fixtures/purchase-orders.js';
import {
  duplicateSku,
  inaccessibleLocation,
  invalidTimeFilter,
  invalidToken,
  missingLocationName,
  missingToken,
  readOnlyCreate,
  unknownLocation,
  unpaidOrganization,
} from '../fixtures/refusals.js';
import type { Exchange } from '../http.js';
import { ConformanceFailure, expectStatus } from '../problems.js';
import { responseProblems } from '../spec.js';

interface Sample {
  method: string;
  path: string;
  status: number;
  section: string;
  exchange: (run: CheckRun) => Promise<Exchange>;
}

const samples: Sample[] = [
  { method: 'GET', path: '/locations', status: 200, section: '§4.2', exchange: ({ ctx }) => locationList(ctx) },
  { method: 'GET', path: '/locations', status: 401, section: '§5', exchange: ({ ctx }) => missingToken(ctx) },
  { method: 'GET', path: '/locations', status: 402, section: '§5', exchange: unpaidOrganization },
  { method: 'GET', path: '/products', status: 200, section: '§4.3', exchange: ({ ctx }) => productList(ctx) },
  { method: 'GET', path: '/products', status: 401, section: '§5', exchange: ({ ctx }) => invalidToken(ctx) },
  { method: 'GET', path: '/products', status: 403, section: '§4.1', exchange: inaccessibleLocation },
  { method: 'GET', path: '/products', status: 404, section: '§7', exchange: ({ ctx }) => unknownLocation(ctx) },
  {
    method: 'POST',
    path: '/products',
    status: 200,
    section: '§4.3',
    exchange: async ({ ctx }) => (await productAt(ctx)).exchange,
  },
  { method: 'POST', path: '/products', status: 400, section: '§7', exchange: ({ ctx }) => missingLocationName(ctx) },
  { method: 'POST', path: '/products', status: 422, section: '§7', exchange: ({ ctx }) => duplicateSku(ctx) },
  { method: 'POST', path: '/products', status: 403, section: '§5', exchange: readOnlyCreate },
  { method: 'GET', path: '/products/{id}', status: 200, section: '§4.3', exchange: ({ ctx }) => productView(ctx) },
  {
    method: 'PATCH',
    path: '/products/{id}',
    status: 200,
    section: '§4.3',
    exchange: async ({ ctx }) => (await productRenamed(ctx, 'PATCH')).update,
  },
  {
    method: 'GET',
    path: '/products/{id}',
    status: 404,
    section: '§7',
    exchange: async ({ ctx }) => (await deletedProduct(ctx)).afterwards,
  },
  {
    method: 'DELETE',
    path: '/products/{id}',
    status: 204,
    section: '§4.3',
    exchange: async ({ ctx }) => (await deletedProduct(ctx)).deletion,
  },
  { method: 'GET', path: '/companies', status: 200, section: '§4.4', exchange: ({ ctx }) => companyList(ctx) },
  {
    method: 'POST',
    path: '/companies',
    status: 200,
    section: '§4.4',
    exchange: async ({ ctx }) => (await createdCompany(ctx)).exchange,
  },
  { method: 'GET', path: '/companies/{id}', status: 200, section: '§4.4', exchange: ({ ctx }) => companyView(ctx) },
  {
    method: 'PATCH',
    path: '/companies/{id}',
    status: 200,
    section: '§4.4',
    exchange: async ({ ctx }) => (await companyUpdate(ctx)).update,
  },
  {
    method: 'DELETE',
    path: '/companies/{id}',
    status: 204,
    section: '§4.4',
    exchange: async ({ ctx }) => (await deletedCompany(ctx)).deletion,
  },
  { method: 'GET', path: '/purchase_orders', status: 200, section: '§4.6', exchange: ({ ctx }) => orderList(ctx) },
  {
    method: 'POST',
    path: '/purchase_orders',
    status: 200,
    section: '§4.6',
    exchange: async ({ ctx }) => (await assignedOrder(ctx)).exchange,
  },
  {
    method: 'GET',
    path: '/purchase_orders/{id}',
    status: 200,
    section: '§4.6',
    exchange: ({ ctx }) => orderView(ctx),
  },
  {
    method: 'PATCH',
    path: '/purchase_orders/{id}',
    status: 200,
    section: '§4.6',
    exchange: async ({ ctx }) => (await updatedOrder(ctx)).update,
  },
  {
    method: 'GET',
    path: '/purchase_orders/{id}',
    status: 404,
    section: '§7',
    exchange: async ({ ctx }) => (await deletedOrder(ctx)).afterwards,
  },
  {
    method: 'DELETE',
    path: '/purchase_orders/{id}',
    status: 204,
    section: '§4.6',
    exchange: async ({ ctx }) => (await deletedOrder(ctx)).deletion,
  },
  // With appointments allowed, the run's own orders, whose nested appointments are then checked too.
  {
    method: 'GET',
    path: '/purchase_orders/with_booked_appointments',
    status: 200,
    section: '§4.6',
    exchange: (run) => (run.ctx.allowAppointments ? bookedSearch(run) : bookedOrders(run.ctx)),
  },
  {
    method: 'GET',
    path: '/purchase_orders/with_booked_appointments',
    status: 400,
    section: '§4.6',
    exchange: ({ ctx }) => invalidTimeFilter(ctx),
  },
  { method: 'GET', path: '/appointments', status: 200, section: '§4.5', exchange: appointmentList },
  {
    method: 'POST',
    path: '/appointments',
    status: 200,
    section: '§4.5',
    exchange: async (run) => (await bookedAppointment(run)).exchange,
  },
  { method: 'GET', path: '/appointments/{id}', status: 200, section: '§4.5', exchange: appointmentView },
  { method: 'PATCH', path: '/appointments/{id}', status: 200, section: '§4.5', exchange: appointmentUpdate },
  { method: 'GET', path: '/product_limits', status: 200, section: '§4.7', exchange: ({ ctx }) => productLimits(ctx) },
];

export const schemas: CheckGroup = {
  name: 'schemas',
  title: 'Schemas (our spec, decisions included)',
  basis: 'decision',
  define(group) {
    for (const sample of samples) {
      const { method, path, status, section } = sample;
      group.check(
        // The spec's schemas, our decisions included: no rule of the reference is this group's alone.
        { name: 'response_schema_conformance', method, path, status, section: `${section}, spec`, verifies: [] },
        async (run) => {
          const exchange = await sample.exchange(run);
          expectStatus(exchange, status, 'whose schema this check validates against');
          const problems = responseProblems(exchange);
          if (problems.length) throw new ConformanceFailure(exchange, problems);
        },
      );
    }
  },
};
