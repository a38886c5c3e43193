// The conformance profile for a provisioned fixture, so the suite runs against the reference
// server with no hand work. Tokens come from the fixture's users: one admin for as many
// locations as one user covers and, for each other location where some user is admin, that
// user's token; where the fixture has them, a read-only role, a missing role, a user who is
// admin nowhere, a second admin for the rate-limit group, and an organization without a paid
// location. Roles it cannot find are listed under `skipped` with the checks that skip for
// them, and the locations' customer settings, what their settings require of an order, and
// the custom fields go in as well.
import {
  type LocationRequirements,
  OPTIONAL_ROLES,
  type OptionalRole,
  type ProfileCustomField,
  type ProfileFile,
  type ProfileLocation,
} from '@warehouse-kit/spec/conformance-profile';
import { checkCustomValue } from '../domain/purchase-orders/custom-field-rules.js';
import type { CustomFieldFixture, Fixture, LocationFixture, OrganizationFixture, UserFixture } from './fixture.js';

export class ProfileChoiceError extends Error {
  override name = 'ProfileChoiceError';
}

export interface ProfileOptions {
  /** An address with `{subdomain}` in place of the first host label: `http://{subdomain}.localhost:3000`. */
  baseUrlTemplate: string;
  /** The organization to check, by subdomain; by default the first that can be checked. */
  organization?: string;
}

const key = (name: string) => name.trim().toLowerCase();
const roleAt = (user: UserFixture, location: LocationFixture) =>
  Object.entries(user.roles).find(([name]) => key(name) === key(location.name))?.[1];
const isAdminSomewhere = (user: UserFixture) => Object.values(user.roles).includes('admin');
const usersOf = (organization: OrganizationFixture) => organization.users ?? [];
const adminAt = (organization: OrganizationFixture, location: LocationFixture) =>
  usersOf(organization).filter((user) => roleAt(user, location) === 'admin');

/** The user who is admin at the most paid locations, then at the most locations: the profile's tokens.admin. */
function mainAdmin(organization: OrganizationFixture): UserFixture | undefined {
  const count = (user: UserFixture, locations: LocationFixture[]) =>
    locations.filter((location) => roleAt(user, location) === 'admin').length;
  const paid = organization.locations.filter((location) => location.paid);
  const ranked = usersOf(organization)
    .filter((user) => count(user, paid) > 0)
    .sort(
      (a, b) => count(b, paid) - count(a, paid) || count(b, organization.locations) - count(a, organization.locations),
    );
  return ranked[0];
}

/**
 * A user with `role` (undefined: none) at one of `listed`, who is admin elsewhere as every API
 * user must be; locations listed first come first, so the suite can create records there.
 */
function userWithRole(organization: OrganizationFixture, role: 'read_only' | undefined, listed: LocationFixture[]) {
  for (const location of listed) {
    const user = usersOf(organization).find(
      (candidate) => isAdminSomewhere(candidate) && roleAt(candidate, location) === role,
    );
    if (user) return { token: user.token, location: location.name };
  }
  return undefined;
}

// Candidates for a text field's example values, tried against the field's own rules.
const TEXT_CANDIDATES = ['LOT-A1', 'ABC-123', 'Lot 7', 'x'];

/** A value the field accepts and one its rules refuse, tried with the server's own rules. */
function examples(field: CustomFieldFixture): Pick<ProfileCustomField, 'valid' | 'invalid'> {
  const rules = field.rules ?? {};
  const candidates: Record<ProfileCustomField['field_type'], { valid: unknown[]; invalid: unknown[] }> = {
    text: {
      valid: TEXT_CANDIDATES,
      invalid: [...(rules.max_length === undefined ? [] : ['X'.repeat(rules.max_length + 1)]), '!? not valid ?!'],
    },
    number: { valid: [rules.min ?? rules.max ?? 1], invalid: ['not a number'] },
    date: { valid: ['2026-01-15'], invalid: ['2026-02-30'] },
    boolean: { valid: [true], invalid: ['maybe'] },
    select: { valid: rules.options ?? [], invalid: ['not one of the options'] },
    json: { valid: [{ grade: 'A' }], invalid: ['plain text'] },
  };
  const accepts = (value: unknown) => 'stored' in checkCustomValue({ fieldType: field.field_type, rules }, value);
  const { valid, invalid } = candidates[field.field_type];
  const good = valid.find(accepts);
  const bad = invalid.find((value) => !accepts(value));
  return { ...(good !== undefined && { valid: good }), ...(bad !== undefined && { invalid: bad }) };
}

/**
 * The custom fields as the profile declares them: keys with a single definition (a key defined
 * twice may conflict, §4.6 rule 6), enabled at listed locations or organization-wide only.
 */
function customFieldsOf(organization: OrganizationFixture, listed: LocationFixture[]): ProfileCustomField[] {
  const fields = organization.custom_fields ?? [];
  return fields
    .filter((field) => fields.filter((other) => other.key === field.key).length === 1)
    .flatMap((field) => {
      const enabled = field.locations ?? [];
      const at = listed.filter((location) => enabled.some((name) => key(name) === key(location.name)));
      // Enabled only at locations the suite does not use: it cannot tell where the field applies.
      if (enabled.length && !at.length) return [];
      return [
        {
          key: field.key,
          applies_to: field.applies_to,
          field_type: field.field_type,
          locations: at.map((location) => location.name),
          ...examples(field),
        },
      ];
    });
}

const why: Record<OptionalRole, (organization: string) => string> = {
  read_only: (o) => `no user of ${o} is read-only at a listed location and admin at another`,
  no_access: (o) => `no user of ${o} lacks a role at a listed location while being admin at another`,
  no_admin: (o) => `every user of ${o} is admin somewhere`,
  unpaid: () => 'the fixture has no other organization without a paid location and with an admin',
};

export function profileFor(fixture: Fixture, options: ProfileOptions): ProfileFile {
  if (!options.baseUrlTemplate.includes('{subdomain}')) {
    throw new ProfileChoiceError(
      'the base URL template must contain {subdomain}, ' +
        `e.g. http://{subdomain}.localhost:3000; got ${options.baseUrlTemplate}`,
    );
  }
  const address = (subdomain: string) => options.baseUrlTemplate.replace('{subdomain}', subdomain);
  const candidates = fixture.organizations.filter(
    (o) => options.organization === undefined || o.subdomain === options.organization,
  );
  if (!candidates.length)
    throw new ProfileChoiceError(`the fixture has no organization with subdomain ${options.organization}`);
  const organization = candidates.find((candidate) => mainAdmin(candidate));
  const admin = organization && mainAdmin(organization);
  if (!organization || !admin) {
    throw new ProfileChoiceError('no organization in the fixture has a paid location and a user who is admin there');
  }

  // Where the main admin is admin first, paid ones before unpaid (the first is where the suite
  // creates most records); then every other location some user is admin at, with that token.
  const byPaid = (a: LocationFixture, b: LocationFixture) => Number(b.paid ?? false) - Number(a.paid ?? false);
  const own = organization.locations.filter((location) => roleAt(admin, location) === 'admin').sort(byPaid);
  const theirs = organization.locations
    .filter((location) => !own.includes(location) && adminAt(organization, location).length)
    .sort(byPaid);
  const listed = [...own, ...theirs];
  const locationEntry = (location: LocationFixture): ProfileLocation => {
    const settings = location.settings ?? {};
    // The server's defaults for a location that does not set them (provision.ts).
    const customers = {
      create: settings.allow_customer_creation ?? true,
      auto_approve: settings.new_customer_auto_approve ?? false,
      can_create_carriers: settings.new_customer_can_create_carriers ?? false,
    };
    // What the location's settings add to a valid order (DECISIONS 131): the suite's orders meet it.
    const requires: LocationRequirements = {
      ...(settings.required_po_fields?.length && { purchase_order_fields: [...settings.required_po_fields] }),
      ...(settings.require_catalog_products && { catalog_products: true }),
    };
    const token = theirs.includes(location) ? { token: adminAt(organization, location)[0]!.token } : undefined;
    return {
      name: location.name,
      address: address(location.subdomain),
      time_zone: location.time_zone,
      paid: location.paid ?? false,
      ...(token && { token }),
      customers,
      ...(Object.keys(requires).length && { requires }),
    };
  };

  const readOnly = userWithRole(organization, 'read_only', listed);
  const noAccess = userWithRole(organization, undefined, listed);
  const noAdmin = usersOf(organization).find((user) => !isAdminSomewhere(user));
  // The rate-limit group exhausts its token's budget: another admin's, when there is one, so
  // the admin token keeps its budget. It needs a role at the first paid location, whose
  // interface shares the budget.
  const firstPaid = own.find((location) => location.paid);
  const rateLimitUser = usersOf(organization).find(
    (user) => user !== admin && isAdminSomewhere(user) && firstPaid && roleAt(user, firstPaid),
  );
  const unpaidOrganization = fixture.organizations.find(
    (o) => o !== organization && !o.locations.some((location) => location.paid) && o.users?.some(isAdminSomewhere),
  );
  const unpaidUser = unpaidOrganization?.users?.find(isAdminSomewhere);
  const found: Record<OptionalRole, boolean> = {
    read_only: readOnly !== undefined,
    no_access: noAccess !== undefined,
    no_admin: noAdmin !== undefined,
    unpaid: unpaidUser !== undefined,
  };
  const skipped = (Object.keys(found) as OptionalRole[])
    .filter((role) => !found[role])
    .map((role) => ({ role, why: why[role](organization.name), checks: [...OPTIONAL_ROLES[role].checks] }));
  const customFields = customFieldsOf(organization, listed);

  return {
    organization: address(organization.subdomain),
    locations: listed.map(locationEntry),
    ...(customFields.length && { custom_fields: customFields }),
    // The reference server supports both safe-write extensions (DECISIONS 110–125), events
    // (170–178) and webhooks (240–252); the suite's receiver is on this machine, which the demo
    // lets webhooks reach (WH_WEBHOOK_ALLOW_PRIVATE, DECISIONS 281).
    extensions: { idempotency: true, etags: true, events: true, webhooks: true },
    tokens: {
      admin: { token: admin.token },
      ...(rateLimitUser && { rate_limit: { token: rateLimitUser.token } }),
      ...(readOnly && { read_only: readOnly }),
      ...(noAccess && { no_access: noAccess }),
      ...(noAdmin && { no_admin: { token: noAdmin.token } }),
      ...(unpaidOrganization &&
        unpaidUser && { unpaid: { token: unpaidUser.token, organization: address(unpaidOrganization.subdomain) } }),
    },
    ...(skipped.length && { skipped }),
  };
}
