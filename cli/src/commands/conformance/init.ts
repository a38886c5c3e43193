// `whctl conformance init`: a starter profile for a deployment we do not own, from flags or
// by asking (at a terminal, or with --interactive). Tokens never go in the file: it names the
// environment variables that hold them. When the admin token's variable is set, the locations
// (names, subdomains, time zones) come from the deployment's own GET /locations.
import { existsSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { type ProfileFile, parseProfile, UsageError } from '@warehouse-kit/conformance';
import { createClient, locationBaseUrl, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { stringify } from 'yaml';
import { repeated } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { detectExtensions, isPaid } from './detect.js';

interface Flags {
  file: string;
  force?: boolean;
  interactive?: boolean;
  organization?: string;
  tokenEnv: string;
  location?: string[];
  timeZone?: string[];
  role?: string[];
}

const ROLES = ['read_only', 'no_access', 'no_admin', 'unpaid'] as const;
type Role = (typeof ROLES)[number];
// What each role needs besides its variable: the location it concerns, or the other organization.
const WHERE: Record<Role, string | undefined> = {
  read_only: 'the location where it is read-only',
  no_access: 'the location it cannot access',
  no_admin: undefined,
  unpaid: "that organization's address",
};

type Ask = (question: string, fallback?: string) => Promise<string | undefined>;

/** Questions on stderr, answers from stdin one line at a time (a terminal or a pipe alike). */
function asker(): { ask: Ask; close: () => void } {
  const lines = createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
  return {
    async ask(question, fallback) {
      process.stderr.write(`${question}${fallback ? ` [${fallback}]` : ''}: `);
      const { value, done } = await lines.next();
      const answer = done ? '' : String(value).trim();
      return answer || fallback || undefined;
    },
    close: () => void lines.return?.(),
  };
}

/** `Name=value` as given to --time-zone, or `role=VAR@where` as given to --role. */
function pair(flag: string, text: string, shape: string): [string, string] {
  const equals = text.indexOf('=');
  if (equals < 1 || equals === text.length - 1)
    throw new UsageError(`${flag} ${JSON.stringify(text)} must look like ${shape}`);
  return [text.slice(0, equals).trim(), text.slice(equals + 1).trim()];
}

function roleFlag(text: string): { role: Role; variable: string; where: string | undefined } {
  const [role, rest] = pair(
    '--role',
    text,
    "role=VARIABLE or role=VARIABLE@where, e.g. read_only=WH_VIEWER@'Vancouver DC'",
  );
  if (!(ROLES as readonly string[]).includes(role))
    throw new UsageError(`--role ${role}: choose from ${ROLES.join(', ')}`);
  const at = rest.indexOf('@');
  const [variable, where] = at === -1 ? [rest, undefined] : [rest.slice(0, at), rest.slice(at + 1)];
  if (WHERE[role as Role] && !where) throw new UsageError(`--role ${role} needs @ and ${WHERE[role as Role]}`);
  return { role: role as Role, variable, where };
}

/** The deployment's locations as its admin token lists them (name, subdomain, zone, paid), when the token is at hand. */
async function discover(organization: string, token: string | undefined): Promise<ProfileFile['locations']> {
  if (!token) return [];
  const client = createClient({ baseUrl: organization, token, timeout: 30_000 });
  const listed = await unwrap(client.GET('/locations'));
  return Promise.all(
    listed.map(async (location) => {
      const address = locationBaseUrl(organization, location);
      return {
        name: location.name,
        address,
        // DECISIONS 4; a deployment without it needs the zone written in by hand.
        time_zone: location.time_zone ?? '',
        paid: await isPaid(createClient({ baseUrl: address, token, timeout: 30_000 })),
      };
    }),
  );
}

async function locationsOf(flags: Flags, organization: string, token: string | undefined, ask: Ask | undefined) {
  const zones = new Map((flags.timeZone ?? []).map((text) => pair('--time-zone', text, "'Name=Area/City'")));
  let locations = await discover(organization, token);
  if (flags.location?.length) {
    const key = (name: string) => name.trim().toLowerCase();
    locations = flags.location.map((name) => {
      const found = locations.find((location) => key(location.name) === key(name));
      if (!found) throw new UsageError(`--location ${name} is not among the locations the admin token lists`);
      return found;
    });
  }
  if (!locations.length && ask) {
    for (
      let name = await ask('A location name (empty when done)');
      name;
      name = await ask('Another location (empty when done)')
    )
      locations.push({ name, address: (await ask(`Location interface address of ${name}`)) ?? '', time_zone: '' });
  }
  if (!locations.length)
    throw new UsageError(
      'no locations: set the admin token variable so they can be read from the deployment, or use --interactive',
    );
  for (const location of locations) {
    location.time_zone = zones.get(location.name) ?? location.time_zone;
    location.time_zone ||= (await ask?.(`Time zone of ${location.name}, e.g. America/Toronto`)) ?? '';
  }
  return locations;
}

async function answersOf(flags: Flags, ask: Ask | undefined): Promise<ProfileFile> {
  const organization = flags.organization ?? (await ask?.('Organization address, e.g. https://acme.example.com'));
  if (!organization) throw new UsageError('--organization is required: the organization interface address');
  const tokenEnv = ask
    ? ((await ask('Variable holding an admin token', flags.tokenEnv)) ?? flags.tokenEnv)
    : flags.tokenEnv;
  const token = process.env[tokenEnv];
  const locations = await locationsOf(flags, organization, token, ask);
  const extensions =
    token && (await detectExtensions(createClient({ baseUrl: organization, token, timeout: 30_000 }), organization));
  const roles = (flags.role ?? []).map(roleFlag);
  if (ask && !flags.role)
    for (const role of ROLES) {
      const variable = await ask(`Variable of a ${role} token (empty: none)`);
      const where = variable && WHERE[role] ? await ask(`And ${WHERE[role]}`) : undefined;
      if (variable && (where || !WHERE[role])) roles.push({ role, variable, where });
    }
  const tokens: ProfileFile['tokens'] = { admin: { token_env: tokenEnv } };
  for (const { role, variable, where } of roles) {
    if (role === 'no_admin') tokens.no_admin = { token_env: variable };
    else if (role === 'unpaid') tokens.unpaid = { token_env: variable, organization: where! };
    else tokens[role] = { token_env: variable, location: where! };
  }
  return { organization, locations, ...(extensions && { extensions }), tokens };
}

const HEADER = `# Conformance profile, written by whctl conformance init. Tokens stay in the environment
# variables named under tokens. Checks that need a role or setting the profile lacks are
# skipped with the reason; see "The profile" in docs/vendors.md of the kit for every key (paid,
# customers, requires: what a location requires of an order, custom_fields, a token per location).
`;

export const init = new Command('init')
  .description('write a starter profile for a deployment, from flags or by asking')
  .option('--file <path>', 'where to write it', 'deployment.yaml')
  .option('--force', 'overwrite the file if it exists')
  .option('-i, --interactive', 'ask for what the flags leave out (the default at a terminal)')
  .option('--organization <url>', 'the organization interface address')
  .option('--token-env <var>', 'the environment variable holding an admin token', 'WH_TOKEN')
  .option(
    '--location <name>',
    'a listed location to check, the first the home one (repeat; default: every one)',
    repeated,
  )
  .option('--time-zone <name=zone>', "a location's IANA zone, for a deployment whose locations do not say", repeated)
  .option(
    '--role <role=var@where>',
    `an optional role (${ROLES.join(', ')}) and its token's variable, e.g. read_only=WH_VIEWER@'Vancouver DC'`,
    repeated,
  )
  .addHelpText(
    'after',
    examples(
      'whctl conformance init',
      'whctl conformance init --organization http://acme.localhost:3000 --role no_admin=WH_VIEWER --file acme.yaml',
      "whctl conformance init --organization http://acme.localhost:3000 --location 'Toronto DC' --role unpaid=WH_GLOBEX@http://globex.localhost:3000 --file toronto.yaml",
    ),
  )
  .action(async (flags: Flags) => {
    if (existsSync(flags.file) && !flags.force)
      throw new UsageError(`${flags.file} exists; pass --force to overwrite it, or --file for another name`);
    const interactive = flags.interactive ?? process.stdin.isTTY === true;
    const prompts = interactive ? asker() : undefined;
    let profile: ProfileFile;
    try {
      profile = await answersOf(flags, prompts?.ask);
    } finally {
      prompts?.close();
    }
    // Checked as the suite will read it, every named variable standing in for its token.
    const variables = JSON.stringify(profile.tokens).match(/"token_env":"(\w+)"/g) ?? [];
    const env = Object.fromEntries(variables.map((entry) => [entry.slice(13, -1), 'set']));
    parseProfile(profile, flags.file, env);
    writeFileSync(flags.file, HEADER + stringify(profile));
    const unpaid = profile.locations.filter((location) => location.paid === false).map((location) => location.name);
    const declared = Object.entries(profile.extensions ?? {}).flatMap(([name, value]) => (value ? [name] : []));
    process.stderr.write(
      `Wrote ${flags.file} (${profile.locations.length} location(s)). ` +
        `Run: whctl conformance run --deployment ${flags.file}\n` +
        (profile.extensions
          ? `The deployment answered as honouring: ${declared.join(', ') || 'no extension'}` +
            `${unpaid.length ? `; unpaid: ${unpaid.join(', ')}` : ''}.\n`
          : ''),
    );
  });
