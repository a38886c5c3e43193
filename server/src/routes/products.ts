// Products (section 4.3): each warehouse's catalog, on both interfaces.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Access } from '../domain/access.js';
import { activeStates } from '../domain/appointment-states.js';
import { Invalid } from '../domain/errors.js';
import { pageRequest } from '../domain/pagination.js';
import { productPage } from '../domain/product-rows.js';
import {
  deleteProduct,
  insertProduct,
  lockedProduct,
  packingListsNaming,
  productRow,
  updateProduct,
} from '../domain/product-statements.js';
import { plannedProductChanges } from '../domain/products.js';
import { foundById } from '../domain/tenant-lookup.js';
import type { Location } from '../entities/location.js';
import type { HandlerInput, Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { readVersion } from '../http/record-versions.js';
import { renderProduct } from '../render/product.js';

/** Finds a product the user may see at the selected location (404 otherwise). */
async function findProduct(em: EntityManager, access: Access, id: number, selected: Location | undefined) {
  const product = await foundById(id, 'product', (found) => productRow(em, access.organization.id, found));
  return { product, location: access.recordLocation(product.locationId, selected, `product ${id}`) };
}

/** Locks a product the user may see at the selected location (404 otherwise) for a write, and reads it. */
async function lockProduct(em: EntityManager, access: Access, id: number, selected: Location | undefined) {
  const product = await foundById(id, 'product', (found) => lockedProduct(em, access.organization.id, found));
  return { product, location: access.recordLocation(product.locationId, selected, `product ${id}`) };
}

async function changeProduct(input: HandlerInput<'updateProduct'> | HandlerInput<'putProduct'>) {
  const { em, access, path, query, events, ctx } = input;
  const body = input.body.product;
  const { product, location } = await lockProduct(
    em,
    access,
    path.id,
    access.selectedLocation(query.location_name, body.location_name),
  );
  access.require(location, 'write');
  const changes = await plannedProductChanges(em, access.organization.id, product, body, {
    creating: false,
    requireSku: !!access.interfaceLocation,
  });
  const updated = await updateProduct(em, access.organization.id, product, changes);
  readVersion(ctx, updated.version);
  const after = renderProduct(updated, location);
  events.recordUpdate('product', access.organization.id, location, renderProduct(product, location), after);
  return after;
}

export const productHandlers: Pick<
  Handlers,
  'listProducts' | 'createProduct' | 'getProduct' | 'updateProduct' | 'putProduct' | 'deleteProduct'
> = {
  async listProducts({ em, access, query, ctx }) {
    const page = pageRequest(query);
    const { rows, total } = await productPage(
      em,
      {
        organizationId: access.organization.id,
        locationIds: access.listScope(query.location_name),
        name: query.name,
        sku: query.sku,
      },
      page,
    );
    setPaginationHeaders(ctx, page, total);
    return rows.map((product) => renderProduct(product, access.locationById(product.locationId)));
  },

  async createProduct({ em, access, query, body, events, ctx }) {
    const location = access.requiredLocation(query.location_name, body.product.location_name, 'write');
    const changes = await plannedProductChanges(em, access.organization.id, { locationId: location.id }, body.product, {
      creating: true,
      requireSku: !!access.interfaceLocation,
    });
    const product = await insertProduct(em, access.organization.id, location.id, changes);
    readVersion(ctx, product.version);
    const rendered = renderProduct(product, location);
    events.record({ kind: 'product', organizationId: access.organization.id, after: { object: rendered, location } });
    return rendered;
  },

  async getProduct({ em, access, path, query, ctx }) {
    const { product, location } = await findProduct(em, access, path.id, access.urlLocation(query.location_name));
    readVersion(ctx, product.version);
    return renderProduct(product, location);
  },

  updateProduct: changeProduct,
  putProduct: changeProduct,

  async deleteProduct({ em, access, path, query, events }) {
    const { product, location } = await lockProduct(em, access, path.id, access.urlLocation(query.location_name));
    access.require(location, 'write');
    const count = await packingListsNaming(em, access.organization.id, product.id, activeStates);
    if (count > 0) {
      throw Invalid.field(
        'base',
        `product is referenced by ${count} packing list(s) of active appointments; complete or cancel them first`,
      );
    }
    await deleteProduct(em, access.organization.id, product.id);
    events.record({
      kind: 'product',
      organizationId: access.organization.id,
      before: { object: renderProduct(product, location), location },
    });
    return null;
  },
};
