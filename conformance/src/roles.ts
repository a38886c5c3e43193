// The profile's optional roles and the checks that need them, as spec/src/conformance-profile.ts
// lists them (so `wh-server profile` can say what a fixture without a role leaves unchecked).
// A check whose role the profile lacks is skipped before it runs, with the role's description.
import { OPTIONAL_ROLES, type OptionalRole } from '@warehouse-kit/spec/conformance-profile';
import type { Profile } from './profile.js';

/**
 * What names a check in the roles table; check.ts's CheckInfo has it. Declared here so that this
 * module, which check.ts consults, imports nothing back from it.
 */
interface NamedCheck {
  group: string;
  name: string;
  method: string;
  path: string;
  status: number;
}

const present: Record<OptionalRole, (profile: Profile) => boolean> = {
  read_only: (profile) => profile.tokens.readOnly !== undefined,
  no_access: (profile) => profile.tokens.noAccess !== undefined,
  no_admin: (profile) => profile.tokens.noAdmin !== undefined,
  unpaid: (profile) => profile.tokens.unpaid !== undefined,
};

/** `status-codes: read_only_write_forbidden: POST /products 403`: how the roles table names a check. */
export function roleKey(check: NamedCheck): string {
  return `${check.group}: ${check.name}: ${check.method} ${check.path} ${check.status}`;
}

/** Why `check` cannot run with `profile`, when it needs a role the profile does not have. */
export function missingRole(check: NamedCheck, profile: Profile): string | undefined {
  const key = roleKey(check);
  for (const [role, { what, checks }] of Object.entries(OPTIONAL_ROLES) as [
    OptionalRole,
    (typeof OPTIONAL_ROLES)[OptionalRole],
  ][]) {
    if ((checks as readonly string[]).includes(key) && !present[role](profile))
      return `the profile has no tokens.${role} (${what})`;
  }
  return undefined;
}
