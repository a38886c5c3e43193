// Applies a provisioning file in one transaction. Configuration (organizations, locations,
// users and their tokens, docks, companies, products, custom fields, product limits) is
// upserted by natural keys to match the file, so running the same file twice changes nothing.
import { isDeepStrictEqual } from 'node:util';
import { sql as entitySql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { applyCompanyInput, findCompanyNamed, newCompany } from '../domain/companies.js';
import { Invalid } from '../domain/errors.js';
import { type WrittenProduct, writtenProductColumns, writtenProducts } from '../domain/product-rows.js';
import { insertProduct, updateProduct } from '../domain/product-statements.js';
import { findProductBySku, plannedProductChanges } from '../domain/products.js';
import { isValidZone } from '../domain/time.js';
import { tokenDigest } from '../domain/tokens.js';
import { ApiUser, LocationRole } from '../entities/api-user.js';
import { Company } from '../entities/company.js';
import { CustomFieldDefinition, CustomFieldLocation } from '../entities/custom-field.js';
import { Dock } from '../entities/dock.js';
import { Location } from '../entities/location.js';
import { Organization } from '../entities/organization.js';
import { ProductLimit, ProductLimitOverride } from '../entities/product-limit.js';
import { EventLog } from '../events/event-log.js';
import { raw, sql } from '../sql/statements.js';
import { ProvisioningError } from './errors.js';
import type { Fixture, LocationFixture, OrganizationFixture } from './fixture.js';
import { provisionOrdersAndAppointments } from './orders-and-appointments.js';

export { ProvisioningError };

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Checks what the file's schema cannot: zones, unique subdomains, names that refer to each other. */
function checkReferences(fixture: Fixture): void {
  const problems: string[] = [];
  const subdomains = new Map<string, string>();
  const claim = (subdomain: string, owner: string) => {
    const previous = subdomains.get(subdomain);
    if (previous) problems.push(`subdomain ${subdomain} is used by both ${previous} and ${owner}`);
    subdomains.set(subdomain, owner);
  };
  for (const organization of fixture.organizations) {
    claim(organization.subdomain, `organization ${organization.name}`);
    const names = new Set<string>();
    for (const location of organization.locations) {
      claim(location.subdomain, `location ${location.name}`);
      const key = location.name.trim().toLowerCase();
      if (names.has(key)) problems.push(`${organization.name} has two locations named ${location.name}`);
      names.add(key);
      if (!isValidZone(location.time_zone))
        problems.push(`location ${location.name}: ${location.time_zone} is not an IANA time zone`);
    }
    const known = (name: string) => names.has(name.trim().toLowerCase());
    for (const user of organization.users ?? []) {
      for (const name of Object.keys(user.roles))
        if (!known(name)) problems.push(`user ${user.name} has a role at unknown location ${name}`);
    }
    for (const field of organization.custom_fields ?? []) {
      for (const name of field.locations ?? [])
        if (!known(name)) problems.push(`custom field ${field.key} is enabled at unknown location ${name}`);
      if (field.rules?.pattern !== undefined && !compiles(field.rules.pattern)) {
        problems.push(
          `custom field ${field.key} has a pattern that is not a valid regular expression: ${field.rules.pattern}`,
        );
      }
    }
  }
  if (problems.length) throw new ProvisioningError(problems.join('; '));
}

async function upsertOrganization(em: EntityManager, input: OrganizationFixture): Promise<Organization> {
  const organization =
    (await em.findOne(Organization, { subdomain: input.subdomain })) ??
    em.create(Organization, { subdomain: input.subdomain, name: input.name } as never);
  if ((await em.count(Location, { subdomain: input.subdomain })) > 0) {
    throw new ProvisioningError(`subdomain ${input.subdomain} already belongs to a location`);
  }
  organization.name = input.name;
  await em.flush();
  return organization as Organization;
}

async function upsertLocation(
  em: EntityManager,
  organization: Organization,
  input: LocationFixture,
): Promise<Location> {
  if (await em.findOne(Organization, { subdomain: input.subdomain }))
    throw new ProvisioningError(`subdomain ${input.subdomain} already belongs to an organization`);
  let location = await em.findOne(Location, { subdomain: input.subdomain });
  if (location && location.organizationId !== organization.id) {
    throw new ProvisioningError(`subdomain ${input.subdomain} already belongs to another organization's location`);
  }
  location ??= em.create(Location, {
    organizationId: organization.id,
    subdomain: input.subdomain,
  } as never) as Location;
  const settings = input.settings ?? {};
  em.assign(location, {
    name: input.name,
    timeZone: input.time_zone,
    paid: input.paid ?? false,
    requireCatalogProducts: settings.require_catalog_products ?? false,
    requiredPoFields: settings.required_po_fields ?? [],
    allowCustomerCreation: settings.allow_customer_creation ?? true,
    newCustomerAutoApprove: settings.new_customer_auto_approve ?? false,
    newCustomerCanCreateCarriers: settings.new_customer_can_create_carriers ?? false,
  });
  await em.flush();
  return location;
}

async function upsertDocks(em: EntityManager, location: Location, names: string[]): Promise<void> {
  for (const name of names) {
    const existing = await em.findOne(Dock, {
      locationId: location.id,
      [entitySql.lower('name')]: name.trim().toLowerCase(),
    });
    if (!existing)
      em.create(Dock, { organizationId: location.organizationId, locationId: location.id, name: name.trim() } as never);
  }
  await em.flush();
}

/** The location's first product with this name, any case; null when there is none. */
async function productNamed(em: EntityManager, location: Location, name: string): Promise<WrittenProduct | null> {
  const [found] = await writtenProducts(
    em,
    sql`select ${raw(writtenProductColumns)} from products p
      where organization_id = ${location.organizationId} and location_id = ${location.id}
        and lower(name) = ${name.trim().toLowerCase()} order by id limit 1`,
  );
  return found ?? null;
}

async function upsertProducts(
  em: EntityManager,
  location: Location,
  products: NonNullable<LocationFixture['products']>,
): Promise<void> {
  const { organizationId } = location;
  for (const input of products) {
    const existing = input.sku
      ? await findProductBySku(em, organizationId, location.id, input.sku)
      : await productNamed(em, location, input.name);
    const changes = await plannedProductChanges(em, organizationId, existing ?? { locationId: location.id }, input, {
      creating: !existing,
      requireSku: false,
    });
    if (existing) await updateProduct(em, organizationId, existing, changes);
    else await insertProduct(em, organizationId, location.id, changes);
  }
}

async function upsertProductLimits(
  em: EntityManager,
  location: Location,
  limits: NonNullable<LocationFixture['product_limits']>,
): Promise<void> {
  for (const input of limits) {
    const product =
      (await findProductBySku(em, location.organizationId, location.id, input.product)) ??
      (await productNamed(em, location, input.product));
    if (!product)
      throw new ProvisioningError(`product limit at ${location.name} names unknown product ${input.product}`);
    let limit = await em.findOne(ProductLimit, {
      locationId: location.id,
      productId: product.id,
      startDate: input.start_date,
      startTime: `${input.start_time}:00`,
    });
    limit ??= em.create(ProductLimit, {
      organizationId: location.organizationId,
      locationId: location.id,
      productId: product.id,
    } as never) as ProductLimit;
    em.assign(limit, {
      quantity: input.quantity,
      startTime: `${input.start_time}:00`,
      endTime: `${input.end_time}:00`,
      daysOfWeek: input.days_of_week ?? [1, 2, 3, 4, 5, 6, 7],
      startDate: input.start_date,
      endDate: input.end_date ?? null,
      enabled: input.enabled ?? true,
    });
    await em.flush();
    for (const override of input.overrides ?? []) {
      const existing = await em.findOne(ProductLimitOverride, { productLimitId: limit.id, date: override.date });
      const row =
        existing ??
        (em.create(ProductLimitOverride, {
          organizationId: location.organizationId,
          productLimitId: limit.id,
          date: override.date,
        } as never) as ProductLimitOverride);
      em.assign(row, {
        quantity: override.quantity,
        startTime: override.start_time ? `${override.start_time}:00` : null,
        endTime: override.end_time ? `${override.end_time}:00` : null,
      });
    }
  }
  await em.flush();
}

async function upsertCompanies(
  em: EntityManager,
  organization: Organization,
  companies: NonNullable<OrganizationFixture['companies']>,
): Promise<void> {
  for (const input of companies) {
    const stored = await findCompanyNamed(em, organization.id, input.company_type, input.name);
    const company = stored
      ? await em.findOneOrFail(Company, { id: stored.id })
      : newCompany(em, organization.id, input.company_type);
    await applyCompanyInput(em, company, input);
  }
  await em.flush();
}

async function upsertCustomFields(
  em: EntityManager,
  organization: Organization,
  locations: Map<string, Location>,
  fields: NonNullable<OrganizationFixture['custom_fields']>,
): Promise<void> {
  for (const input of fields) {
    let definition = await em.findOne(CustomFieldDefinition, {
      organizationId: organization.id,
      key: input.key,
      appliesTo: input.applies_to,
      fieldType: input.field_type,
    });
    definition ??= em.create(CustomFieldDefinition, {
      organizationId: organization.id,
      key: input.key,
      appliesTo: input.applies_to,
      fieldType: input.field_type,
    } as never) as CustomFieldDefinition;
    definition.label = input.label ?? input.key;
    // jsonb keeps keys in its own order, so compare by value: assigning an equal object in
    // another key order would count as a change and bump updated_at on every run.
    const rules = input.rules ?? {};
    if (!isDeepStrictEqual(definition.rules, rules)) definition.rules = rules;
    await em.flush();
    const wanted = new Set((input.locations ?? []).map((name) => locations.get(name.trim().toLowerCase())!.id));
    const current = await em.find(CustomFieldLocation, { customFieldDefinitionId: definition.id });
    for (const row of current) if (!wanted.has(row.locationId)) em.remove(row);
    for (const locationId of wanted) {
      if (!current.some((row) => row.locationId === locationId)) {
        em.create(CustomFieldLocation, {
          organizationId: organization.id,
          customFieldDefinitionId: definition.id,
          locationId,
        } as never);
      }
    }
  }
  await em.flush();
}

async function upsertUsers(
  em: EntityManager,
  organization: Organization,
  locations: Map<string, Location>,
  users: NonNullable<OrganizationFixture['users']>,
): Promise<void> {
  for (const input of users) {
    const digest = tokenDigest(input.token);
    const holder = await em.findOne(ApiUser, { tokenDigest: digest });
    if (holder && (holder.organizationId !== organization.id || holder.name !== input.name)) {
      throw new ProvisioningError(
        `the token of user ${input.name} is already issued to another user; tokens must be unique`,
      );
    }
    let user = await em.findOne(ApiUser, { organizationId: organization.id, name: input.name });
    user ??= em.create(ApiUser, { organizationId: organization.id, name: input.name } as never) as ApiUser;
    user.tokenDigest = digest;
    await em.flush();
    const wanted = new Map(
      Object.entries(input.roles).map(([name, role]) => [locations.get(name.trim().toLowerCase())!.id, role]),
    );
    const current = await em.find(LocationRole, { apiUserId: user.id });
    for (const row of current) {
      const role = wanted.get(row.locationId);
      if (!role) em.remove(row);
      else row.role = role;
    }
    for (const [locationId, role] of wanted) {
      if (!current.some((row) => row.locationId === locationId)) {
        em.create(LocationRole, { organizationId: organization.id, apiUserId: user.id, locationId, role } as never);
      }
    }
  }
  await em.flush();
}

/**
 * Provisions every organization of the file, or nothing if any part is invalid. Configuration
 * emits no events; the business records do, as the API's writes would (DECISIONS 171).
 */
export async function provision(rootEm: EntityManager, fixture: Fixture): Promise<void> {
  checkReferences(fixture);
  try {
    await rootEm.fork().transactional(async (em) => {
      const events = new EventLog();
      for (const input of fixture.organizations) {
        const organization = await upsertOrganization(em, input);
        const locations = new Map<string, Location>();
        for (const locationInput of input.locations) {
          const location = await upsertLocation(em, organization, locationInput);
          locations.set(location.name.toLowerCase(), location);
          await upsertDocks(em, location, locationInput.docks ?? []);
          await upsertProducts(em, location, locationInput.products ?? []);
          await upsertProductLimits(em, location, locationInput.product_limits ?? []);
        }
        await upsertCompanies(em, organization, input.companies ?? []);
        await upsertCustomFields(em, organization, locations, input.custom_fields ?? []);
        await upsertUsers(em, organization, locations, input.users ?? []);
        await provisionOrdersAndAppointments(em, organization, locations, input, events);
      }
      await events.write(em);
    });
  } catch (error) {
    if (error instanceof Invalid) {
      throw new ProvisioningError(`invalid record in the file: ${JSON.stringify(error.errors)}`);
    }
    throw error;
  }
}
