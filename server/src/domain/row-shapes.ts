// What products and companies show, read from an entity or a plain row (product-rows.ts,
// company-rows.ts) and rendered (render/product.ts, render/company.ts) in one shape. Types only.
import type { Company } from '../entities/company.js';
import type { Product } from '../entities/product.js';

/** What a product shows of its row. */
export type ProductFields = Pick<Product, 'id' | 'publicId' | 'name' | 'sku' | 'createdAt' | 'updatedAt'>;

/** What a company shows of its row: all but its keys and version. */
export type CompanyFields = Omit<Company, 'organizationId' | 'version'>;
