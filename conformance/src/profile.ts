// The conformance profile: which deployment to check and with which tokens. A YAML (or
// JSON) file; any token may come from an environment variable instead (`token_env`) so the
// file can be committed to a vendor's CI without secrets.
import { readFileSync } from 'node:fs';
import { apiBaseUrl } from '@warehouse-kit/sdk';
import {
  type LocationRequirements,
  type ProfileCustomField,
  type ProfileFile,
  type ProfileLocation,
  profileSchema,
  type TokenSource,
  type WebhookReceiverSettings,
} from '@warehouse-kit/spec/conformance-profile';
import { createAjv, describeSchemaError } from '@warehouse-kit/spec/validators';
import { IANAZone } from 'luxon';
import { parse } from 'yaml';
import { ProfileError } from './errors.js';

/**
 * A listed location as a run uses it: the file's entry (`ProfileLocation` of the profile's
 * format), with its token resolved (its own, or else tokens.admin) and its defaults filled in:
 * paid unless the file says not, and requiring nothing of an order unless the file says so.
 */
export type ResolvedLocation = Omit<ProfileLocation, 'paid' | 'token' | 'requires'> & {
  paid: boolean;
  token: string;
  requires: Required<LocationRequirements>;
};

/** A loaded profile with every token resolved. */
export interface Profile {
  file: string;
  organization: string;
  locations: [ResolvedLocation, ...ResolvedLocation[]];
  tokens: {
    admin: string;
    rateLimit?: string;
    readOnly?: { token: string; location: string };
    noAccess?: { token: string; location: string };
    unpaid?: { token: string; organization: string };
    noAdmin?: string;
  };
  /** The custom fields the profile declares, with their locations as listed. */
  customFields: ProfileCustomField[];
  /** The extensions beyond the reference the deployment declares; none unless listed. */
  extensions: {
    idempotency: boolean;
    etags: boolean;
    events: boolean;
    expiredEventCursor?: string;
    webhooks?: WebhookReceiver;
  };
}

/** Where the suite's webhook receivers listen, and the first one's URL with `{port}` for the port they got. */
export interface WebhookReceiver {
  host: string;
  port: number;
  url: string;
}

const validateFile = createAjv({ allErrors: true }).compile(profileSchema);

/** The same check the SDK makes before sending a token, so a bad one fails here with its place. */
const TOKEN = /^[\x21-\x7e]+$/;

function resolveToken(where: string, source: TokenSource, env: NodeJS.ProcessEnv, problems: string[]): string {
  if ((source.token === undefined) === (source.token_env === undefined)) {
    problems.push(`${where} needs exactly one of token or token_env`);
    return '';
  }
  const token = source.token ?? env[source.token_env!];
  if (!token) {
    problems.push(`${where}.token_env: environment variable ${source.token_env} is not set`);
    return '';
  }
  if (!TOKEN.test(token)) problems.push(`${where}: the token must be printable ASCII without spaces or line breaks`);
  return token;
}

function checkAddress(where: string, address: string, problems: string[]): string {
  try {
    apiBaseUrl(address);
    return address.replace(/\/+$/, '');
  } catch (error) {
    problems.push(`${where}: ${(error as Error).message}`);
    return address;
  }
}

const DEFAULT_LISTEN = '127.0.0.1:0';

/** The receiver a profile's `extensions.webhooks` declares, with the defaults filled in (DECISIONS 280). */
function webhookReceiver(declared: true | WebhookReceiverSettings, problems: string[]): WebhookReceiver {
  const settings = declared === true ? {} : declared;
  const listen = settings.listen ?? DEFAULT_LISTEN;
  const at = listen.lastIndexOf(':');
  const host = listen.slice(0, at).replace(/^\[(.*)\]$/, '$1');
  const port = Number(listen.slice(at + 1));
  if (port > 65_535) problems.push(`extensions.webhooks.listen: ${listen} names no port (0 to 65535)`);
  const url = settings.url ?? `http://${host.includes(':') ? `[${host}]` : host}:{port}/hook`;
  try {
    const parsed = new URL(url.replaceAll('{port}', '1'));
    if (parsed.username || parsed.password)
      problems.push('extensions.webhooks.url: a webhook URL has no user or password');
  } catch {
    problems.push(`extensions.webhooks.url: ${url} is not an absolute http(s) URL`);
  }
  return { host, port, url };
}

/** Checks a parsed profile and resolves its tokens; every problem is reported with its place. */
export function parseProfile(data: unknown, file: string, env: NodeJS.ProcessEnv = process.env): Profile {
  if (!validateFile(data)) throw new ProfileError(file, (validateFile.errors ?? []).map(describeSchemaError));
  const raw = data as unknown as ProfileFile;
  const problems: string[] = [];

  const admin = resolveToken('tokens.admin', raw.tokens.admin, env, problems);
  const seen = new Set<string>();
  const locations = raw.locations.map((location, i) => {
    const where = `locations[${i}]`;
    const key = location.name.trim().toLowerCase();
    if (seen.has(key)) problems.push(`${where}.name: ${location.name} is listed twice`);
    seen.add(key);
    if (!IANAZone.isValidZone(location.time_zone))
      problems.push(`${where}.time_zone: ${location.time_zone} is not an IANA time zone such as America/Toronto`);
    const { token, requires, ...declared } = location;
    return {
      ...declared,
      address: checkAddress(`${where}.address`, location.address, problems),
      paid: location.paid ?? true,
      token: token ? resolveToken(`${where}.token`, token, env, problems) : admin,
      requires: {
        purchase_order_fields: requires?.purchase_order_fields ?? [],
        catalog_products: requires?.catalog_products ?? false,
      },
    };
  }) as Profile['locations'];
  const known = new Set(locations.map((location) => location.name.trim().toLowerCase()));
  (raw.custom_fields ?? []).forEach((field, i) => {
    for (const name of field.locations)
      if (!known.has(name.trim().toLowerCase()))
        problems.push(`custom_fields[${i}].locations: ${name} is not among the profile's locations`);
  });

  const { rate_limit, read_only, no_access, unpaid, no_admin } = raw.tokens;
  const profile: Profile = {
    file,
    organization: checkAddress('organization', raw.organization, problems),
    locations,
    customFields: raw.custom_fields ?? [],
    extensions: {
      idempotency: raw.extensions?.idempotency ?? false,
      etags: raw.extensions?.etags ?? false,
      events: raw.extensions?.events ?? false,
      ...(raw.extensions?.expired_event_cursor && { expiredEventCursor: raw.extensions.expired_event_cursor }),
      ...(raw.extensions?.webhooks && { webhooks: webhookReceiver(raw.extensions.webhooks, problems) }),
    },
    tokens: {
      admin,
      ...(rate_limit && { rateLimit: resolveToken('tokens.rate_limit', rate_limit, env, problems) }),
      ...(read_only && {
        readOnly: { token: resolveToken('tokens.read_only', read_only, env, problems), location: read_only.location },
      }),
      ...(no_access && {
        noAccess: { token: resolveToken('tokens.no_access', no_access, env, problems), location: no_access.location },
      }),
      ...(unpaid && {
        unpaid: {
          token: resolveToken('tokens.unpaid', unpaid, env, problems),
          organization: checkAddress('tokens.unpaid.organization', unpaid.organization, problems),
        },
      }),
      ...(no_admin && { noAdmin: resolveToken('tokens.no_admin', no_admin, env, problems) }),
    },
  };
  // A delivery is checked against the event as the feed shows it.
  if (profile.extensions.webhooks && !profile.extensions.events)
    problems.push(
      'extensions.webhooks needs extensions.events: true, as the webhook checks read each event from the feed',
    );
  if (problems.length) throw new ProfileError(file, problems);
  return profile;
}

export function loadProfile(file: string, env: NodeJS.ProcessEnv = process.env): Profile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ProfileError(file, [`cannot be read: ${(error as Error).message}`]);
  }
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new ProfileError(file, [`not YAML or JSON: ${(error as Error).message}`]);
  }
  return parseProfile(data, file, env);
}
