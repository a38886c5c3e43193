// What `wh-server start` tells the person who started it, on stderr (stdout carries the log):
// where the API and its reference page are, and the interfaces of the provisioned organizations.
// Tokens are printed for the bundled demo only; a fixture's tokens are secrets (DECISIONS 88).
import type { Fixture } from '../provision/fixture.js';

export interface BannerFacts {
  version: string;
  /** The address the server listens on, e.g. `http://127.0.0.1:3000`. */
  listening: string;
  baseHost: string;
  /** The subdomain the base host itself answers as (WH_DEFAULT_SUBDOMAIN). */
  defaultSubdomain?: string | undefined;
  port: number;
  database: string;
  /** Where /metrics is served, when on an address of its own (WH_METRICS_ADDRESS). */
  metrics?: string;
  fixture?: Fixture;
  /** Print the fixture's tokens: only for the bundled demo. */
  showTokens: boolean;
}

export function banner(facts: BannerFacts): string {
  const origin = (subdomain?: string) => `http://${subdomain ? `${subdomain}.` : ''}${facts.baseHost}:${facts.port}`;
  const lines = [
    `wh-server ${facts.version} listening on ${facts.listening} (${facts.database})`,
    `API reference  ${origin()}/docs`,
  ];
  if (facts.metrics) lines.push(`metrics        ${facts.metrics}`);
  for (const organization of facts.fixture?.organizations ?? []) {
    lines.push(`${organization.name.padEnd(22)}  ${origin(organization.subdomain)}/api/v1`);
    if (organization.subdomain === facts.defaultSubdomain)
      lines.push(
        `  ${'and'.padEnd(20)}  ${origin()}/api/v1  (the base host, for clients that cannot resolve subdomains)`,
      );
    for (const location of organization.locations) {
      const about = `${location.time_zone}${location.paid ? ', paid' : ''}`;
      lines.push(`  ${location.name.padEnd(20)}  ${origin(location.subdomain)}/api/v1  (${about})`);
    }
    for (const user of organization.users ?? []) {
      const roles = Object.entries(user.roles).map(([name, role]) => `${name}: ${role}`);
      const who = `${user.name}; ${roles.join(', ') || 'no access'}`;
      lines.push(facts.showTokens ? `  token ${user.token}  (${who})` : `  user ${who}`);
    }
  }
  const first = facts.fixture?.organizations[0];
  const token = first?.users?.[0]?.token;
  if (facts.showTokens && first && token) {
    lines.push(`try: curl -H 'Authorization: Token ${token}' ${origin(first.subdomain)}/api/v1/locations`);
    // Every change made through the API then shows as a line of whctl listen (the events
    // extension), forwarded signed to a receiver such as examples/sdk/webhook-receiver.ts.
    lines.push(
      `events: whctl listen --base-url ${origin(first.subdomain)} --token ${token} --forward-to http://localhost:4242/hook`,
    );
  }
  return `${lines.join('\n')}\n`;
}
