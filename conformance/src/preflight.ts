// One request before any check: does the deployment take the admin token, and does it know
// the profile's locations? Without that every check would fail for the same reason.
import { CONTRACT_VERSION_HEADER } from '@warehouse-kit/spec';
import type { RunContext } from './context.js';
import { ProfileError } from './errors.js';
import { locationList } from './fixtures/locations.js';
import { describeRequest, type Exchange, preview } from './http.js';

export async function preflight(ctx: RunContext): Promise<void> {
  const { profile } = ctx;
  let answer: Exchange;
  try {
    answer = await locationList(ctx);
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message ?? (error as Error).message;
    throw new ProfileError(profile.file, [`organization: ${profile.organization} cannot be reached (${cause})`]);
  }
  if (answer.status !== 200 || !Array.isArray(answer.body)) {
    // A refused token is the profile's problem; anything else is the deployment's answer to its first request.
    const where = [401, 402, 403].includes(answer.status) ? 'tokens.admin' : 'organization';
    throw new ProfileError(profile.file, [
      `${where}: ${describeRequest(answer)} answered ${answer.status} ${preview(answer.body)}; ` +
        "the suite starts by listing the admin token's locations",
    ]);
  }
  ctx.contractVersion = answer.headers.get(CONTRACT_VERSION_HEADER)?.trim() || undefined;
  const problems: string[] = [];
  // Each location must be known to the token the suite uses there: tokens.admin, or its own.
  for (const location of profile.locations) {
    const list =
      location.token === ctx.home.token ? answer : await ctx.send(ctx.writerAt(location), 'GET', '/locations');
    const names = Array.isArray(list.body)
      ? list.body.map((entry: { name?: unknown }) => String(entry?.name ?? ''))
      : [];
    if (!names.some((name) => name.trim().toLowerCase() === location.name.trim().toLowerCase()))
      problems.push(
        `locations: ${location.name} is not among the locations its token can access (${names.join(', ') || 'none'})`,
      );
  }
  if (problems.length) throw new ProfileError(profile.file, problems);
}
