// Customers named on line items (reference 4.6, "Products and customers"): matched against
// the organization's customer companies; an unknown name creates one when the effective
// warehouse allows it, with that warehouse's defaults (unassigned orders always may, with
// nothing trusted).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Location } from '../../entities/location.js';
import { newCompanyValues } from '../companies.js';
import type { WrittenCompany } from '../company-rows.js';
import { insertCompanies } from '../company-statements.js';

/** A customer company, as a write reads or creates it. */
export type Customer = WrittenCompany;

/** A customer an item will name: one that exists, or one to create under this name. */
export type CustomerChoice = { existing: Customer } | { create: string };

/** Customer names match trimmed and case-insensitively. */
export const customerKey = (name: string) => name.trim().toLowerCase();

/** The customers a request's items name (PurchaseOrderLookups finds them), and what an unknown name does. */
export class CustomerNames {
  constructor(
    /** By customerKey; null where no customer has the name. */
    private readonly known: ReadonlyMap<string, Customer | null>,
    private readonly location: Location | null,
  ) {}

  /** The customer for `name`, or why none can be used. */
  choose(name: string): CustomerChoice | { problem: string } {
    const existing = this.known.get(customerKey(name));
    if (existing) return { existing };
    if (this.location && !this.location.allowCustomerCreation) {
      return {
        problem:
          'names no customer of the organization, ' +
          `and ${this.location.name} does not allow purchase orders to create customers`,
      };
    }
    return { create: name.trim() };
  }
}

/**
 * Creates the new customers (one per name, case-insensitively) with the effective
 * warehouse's defaults, or false/false for unassigned orders, by one statement of their own:
 * a concurrent request creating the same name is a Conflict, which a retry settles by
 * finding the customer it created.
 */
export async function createCustomers(
  em: EntityManager,
  organizationId: number,
  location: Location | null,
  names: string[],
): Promise<Map<string, Customer>> {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(customerKey(name))) byKey.set(customerKey(name), name.trim());
  // In one order, so that two requests creating the same customers wait for each other instead of deadlocking.
  const keys = [...byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const created = await insertCompanies(
    em,
    organizationId,
    keys.map((key) => ({
      ...newCompanyValues('customer'),
      name: byKey.get(key)!,
      autoApproveAppointments: location?.newCustomerAutoApprove ?? false,
      canCreateCarriers: location?.newCustomerCanCreateCarriers ?? false,
    })),
  );
  return new Map(created.map((company) => [customerKey(company.name), company]));
}

/** The id of the chosen customer, once `createCustomers` has saved the new ones. */
export function chosenCustomerId(choice: CustomerChoice, created: Map<string, Customer>): number {
  if ('existing' in choice) return choice.existing.id;
  const company = created.get(customerKey(choice.create));
  if (!company) throw new Error(`customer ${choice.create} was chosen but not created`);
  return company.id;
}
