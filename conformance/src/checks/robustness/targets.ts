// What the robustness group's requests aim at (DECISIONS 205): the profile's organization and
// home location interfaces, the admin token, and records the group made, so that a write never
// reaches a record of the deployment's own. Hints name every record with the run's prefix and
// keep an order's items from creating customers, so the clean-up knows all it made.
import { type Connect, type FuzzTargets, only } from '@warehouse-kit/fuzz';
import fc from 'fast-check';
import type { RunContext } from '../../context.js';

/** An id no record of any deployment has (ids are below 2^31): a write there changes nothing. */
export const NO_RECORD = 2147483000;

/** Hostile ids that cannot name a record however leniently a deployment reads them (no `1e3`). */
const SAFE_HOSTILE_IDS = ['0', '-1', '2147483648', '9007199254740993', 'Infinity', 'NaN', 'abc', '%00'];

export interface OwnRecords {
  product: { id: number; name: string };
  company: number;
  order: number;
}

/** The operations the group sends: never bulk uploads or events; appointments only when allowed. */
function operationsFor(ctx: RunContext): string[] {
  return [
    'listLocations',
    ...['listProducts', 'createProduct', 'getProduct', 'putProduct', 'updateProduct', 'deleteProduct'],
    ...['listCompanies', 'createCompany', 'getCompany', 'putCompany', 'updateCompany', 'deleteCompany'],
    ...['listAppointments', 'getAppointment', 'putAppointment', 'updateAppointment', 'deleteAppointment'],
    ...(ctx.allowAppointments ? ['createAppointment'] : []),
    ...['listPurchaseOrders', 'createPurchaseOrder', 'listPurchaseOrdersWithBookedAppointments'],
    ...['getPurchaseOrder', 'putPurchaseOrder', 'updatePurchaseOrder', 'deletePurchaseOrder'],
    'listProductLimits',
  ];
}

export function fuzzTargets(ctx: RunContext, own: OwnRecords): FuzzTargets {
  const code = (kind: string) => fc.nat(9999).map((n) => `${ctx.prefix.toUpperCase()}-${kind}${n}`);
  const nobody = only(fc.constant(null));
  const locations = [ctx.home, ...ctx.others].map((location) => location.name);
  return {
    hosts: [...Array(3).fill(new URL(ctx.profile.organization).host), new URL(ctx.home.address).host],
    tokens: [ctx.home.token],
    ids: [NO_RECORD],
    idsByPath: {
      '/products/{id}': [own.product.id, NO_RECORD],
      '/companies/{id}': [own.company, NO_RECORD],
      '/purchase_orders/{id}': [own.order, NO_RECORD],
    },
    hostileIds: SAFE_HOSTILE_IDS,
    operations: operationsFor(ctx),
    hints: {
      name: only(fc.string({ maxLength: 30 }).map((text) => ctx.name(`fz ${text}`))),
      sku: only(code('FZ')),
      po_number: only(code('FZPO')),
      notes: only(fc.string({ maxLength: 30 }).map((text) => ctx.name(`fz ${text}`))),
      location_name: only(fc.constantFrom(...locations, ` ${ctx.home.name.toLowerCase()} `, ctx.name('nowhere'), '')),
      product_name: only(fc.constantFrom(own.product.name, ctx.name('no such product'))),
      customer_name: nobody,
      carrier_name: nobody,
      dock_name: nobody,
    },
  };
}

/** Each address of the profile where its URL says; `*.localhost` on this machine, as the SDK reaches it. */
export function connectTo(ctx: RunContext): Connect {
  const addresses = [ctx.profile.organization, ...ctx.profile.locations.map((location) => location.address)].map(
    (address) => new URL(address),
  );
  return (host) => {
    const url = addresses.find((address) => address.host === host) ?? new URL(`https://${host}`);
    const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
    const protocol = url.protocol === 'http:' ? 'http:' : 'https:';
    return {
      protocol,
      hostname: local ? '127.0.0.1' : url.hostname,
      port: Number(url.port) || (protocol === 'https:' ? 443 : 80),
    };
  };
}
