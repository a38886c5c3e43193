// Customers named on line items (reference 4.6, "Products and customers"): matched against
// the organization's customer companies; an unknown name creates one when the effective
// warehouse allows it, with that warehouse's defaults (unassigned orders always may, with
// nothing trusted).
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../../entities/company.js';
import type { Location } from '../../entities/location.js';
import { newCompany } from '../companies.js';
import { flushOrConflict } from '../unique-flush.js';

/** A customer an item will name: one that exists, or one to create under this name. */
export type CustomerChoice = { existing: Company } | { create: string };

const keyOf = (name: string) => name.trim().toLowerCase();

export class CustomerNames {
  private constructor(
    private readonly known: Map<string, Company>,
    private readonly location: Location | null,
  ) {}

  /** Looks up every name the request's items use in one query. */
  static async lookUp(
    em: EntityManager,
    organizationId: number,
    location: Location | null,
    names: string[],
  ): Promise<CustomerNames> {
    const keys = [...new Set(names.map(keyOf))];
    const found = keys.length
      ? await em.find(Company, { organizationId, companyType: 'customer', [sql.lower('name')]: { $in: keys } })
      : [];
    return new CustomerNames(new Map(found.map((company) => [keyOf(company.name), company])), location);
  }

  /** The customer for `name`, or why none can be used. */
  choose(name: string): CustomerChoice | { problem: string } {
    const existing = this.known.get(keyOf(name));
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
 * warehouse's defaults, or false/false for unassigned orders, and flushes them on their own:
 * a concurrent request creating the same name is a Conflict, which a retry settles by
 * finding the customer it created.
 */
export async function createCustomers(
  em: EntityManager,
  organizationId: number,
  location: Location | null,
  names: string[],
): Promise<Map<string, Company>> {
  const created = new Map<string, Company>();
  // In one order, so that two requests creating the same customers wait for each other instead of deadlocking.
  for (const name of [...names].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))) {
    if (created.has(keyOf(name))) continue;
    const company = newCompany(em, organizationId, 'customer');
    company.name = name;
    company.autoApproveAppointments = location?.newCustomerAutoApprove ?? false;
    company.canCreateCarriers = location?.newCustomerCanCreateCarriers ?? false;
    created.set(keyOf(name), company);
  }
  if (created.size) await flushOrConflict(em);
  return created;
}

/** The id of the chosen customer, once `createCustomers` has saved the new ones. */
export function chosenCustomerId(choice: CustomerChoice, created: Map<string, Company>): number {
  if ('existing' in choice) return choice.existing.id;
  const company = created.get(keyOf(choice.create));
  if (!company) throw new Error(`customer ${choice.create} was chosen but not created`);
  return company.id;
}
