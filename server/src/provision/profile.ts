// The conformance profile for a provisioned fixture, so the suite runs against the reference
// server with no hand work. Roles come from the fixture's users: an admin at every paid
// location, and where the fixture has them, a read-only role, a missing role, a second admin
// for the rate-limit group, and an organization without a paid location.
import type { ProfileFile } from '@warehouse-kit/spec/conformance-profile';
import type { Fixture, LocationFixture, OrganizationFixture, UserFixture } from './fixture.js';

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

function adminOf(organization: OrganizationFixture): UserFixture | undefined {
  const paid = organization.locations.filter((location) => location.paid);
  if (!paid.length) return undefined;
  const admins = (organization.users ?? []).filter((user) =>
    paid.every((location) => roleAt(user, location) === 'admin'),
  );
  const adminCount = (user: UserFixture) =>
    organization.locations.filter((location) => roleAt(user, location) === 'admin').length;
  return admins.sort((a, b) => adminCount(b) - adminCount(a))[0];
}

/**
 * A user with `role` (undefined: none) at some location, who is admin elsewhere as every API
 * user must be; locations the admin can write at come first, so the suite can create records there.
 */
function userWithRole(organization: OrganizationFixture, role: 'read_only' | undefined, preferred: LocationFixture[]) {
  const order = [...preferred, ...organization.locations.filter((location) => !preferred.includes(location))];
  for (const location of order) {
    const user = (organization.users ?? []).find(
      (candidate) => isAdminSomewhere(candidate) && roleAt(candidate, location) === role,
    );
    if (user) return { token: user.token, location: location.name };
  }
  return undefined;
}

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
  const organization = candidates.find((candidate) => adminOf(candidate));
  const admin = organization && adminOf(organization);
  if (!organization || !admin) {
    throw new ProfileChoiceError(
      'no organization in the fixture has a paid location and a user who is admin at every paid location',
    );
  }

  // Paid locations first: the first is where the suite creates most of its records.
  const writable = organization.locations
    .filter((location) => roleAt(admin, location) === 'admin')
    .sort((a, b) => Number(b.paid ?? false) - Number(a.paid ?? false));
  const readOnly = userWithRole(organization, 'read_only', writable);
  const noAccess = userWithRole(organization, undefined, writable);
  // The rate-limit group exhausts its token's budget: another admin's, when there is one, so
  // the admin token keeps its budget. It needs a role at the first paid location, whose
  // interface shares the budget.
  const firstPaid = writable.find((location) => location.paid);
  const rateLimitUser = (organization.users ?? []).find(
    (user) => user !== admin && isAdminSomewhere(user) && firstPaid && roleAt(user, firstPaid),
  );
  const unpaidOrganization = fixture.organizations.find(
    (o) => o !== organization && !o.locations.some((location) => location.paid) && o.users?.some(isAdminSomewhere),
  );
  const unpaidUser = unpaidOrganization?.users?.find(isAdminSomewhere);

  return {
    organization: address(organization.subdomain),
    locations: writable.map((location) => ({
      name: location.name,
      address: address(location.subdomain),
      time_zone: location.time_zone,
      paid: location.paid ?? false,
    })),
    tokens: {
      admin: { token: admin.token },
      ...(rateLimitUser && { rate_limit: { token: rateLimitUser.token } }),
      ...(readOnly && { read_only: readOnly }),
      ...(noAccess && { no_access: noAccess }),
      ...(unpaidOrganization &&
        unpaidUser && { unpaid: { token: unpaidUser.token, organization: address(unpaidOrganization.subdomain) } }),
    },
  };
}
