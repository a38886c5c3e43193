// What a check needs from the profile beyond the admin token and one location; without it
// the check is skipped with the reason, never failed.
import type { CheckRun } from './check.js';
import type { ResolvedLocation } from './profile.js';

/** A listed location other than home, preferring one for which `prefer` holds. */
export function secondLocation(
  { ctx, skip }: CheckRun,
  prefer: (location: ResolvedLocation) => boolean = () => true,
): ResolvedLocation {
  return ctx.others.find(prefer) ?? ctx.others[0] ?? skip('the profile lists one location; this check needs two');
}

/** A listed location whose location interface works (DECISIONS 12: an unpaid one answers 402). */
export function paidLocation({ ctx, skip }: CheckRun): ResolvedLocation {
  return (
    ctx.profile.locations.find((location) => location.paid) ??
    skip('the profile lists no paid location, so no location interface can be used')
  );
}

/** The listed location a role token concerns, so that the admin token can create records there. */
export function listedLocation({ ctx, skip }: CheckRun, name: string, role: string): ResolvedLocation {
  const key = name.trim().toLowerCase();
  return (
    ctx.profile.locations.find((location) => location.name.trim().toLowerCase() === key) ??
    skip(
      `tokens.${role}.location (${name}) is not among the profile's locations, ` +
        'so the suite cannot create a record there',
    )
  );
}

/** Skips a check of an extension the profile does not declare (`extensions: { etags: true }`). */
export function requireExtension(
  { ctx, skip }: CheckRun,
  extension: 'idempotency' | 'etags' | 'events' | 'webhooks',
): void {
  if (!ctx.profile.extensions[extension])
    skip(`the profile does not declare extensions.${extension}: the deployment need not support it`);
}
