// What every check works with: the profile, an SDK client per role and interface, the run's
// unique prefix, and the clean-up registry that every create is recorded in.
import { randomBytes } from 'node:crypto';
import type { Middleware } from '@warehouse-kit/sdk';
import { createClient, localhostFetch } from '@warehouse-kit/sdk';
import { AnswerLog } from './answers.js';
import { budgetFailure } from './budget.js';
import { CleanupRegistry } from './cleanup.js';
import type { HarRecorder } from './har.js';
import { type Endpoint, type Exchange, type SendInit, send } from './http.js';
import { asPrerequisite, UnmetPrerequisite } from './prerequisites.js';
import type { Profile, ResolvedLocation } from './profile.js';
import { TOKEN_VARIABLE } from './reproduce.js';
import { deletedKey, undoBulkUpload, undoCreate } from './undo.js';

export interface RunOptions {
  /** Appointments cannot be deleted; checks create them (and cancel them afterwards) only when allowed. */
  allowAppointments: boolean;
  /** Where the suite says that it waits out a 429; the human report goes to stdout. */
  log: (line: string) => void;
  /** Records every exchange for --har. */
  har?: HarRecorder;
  /** What the robustness group may spend and the seed its requests come from; 200 and a random seed by default. */
  robustness?: Partial<RobustnessSettings>;
}

const DEFAULT_ROBUSTNESS_BUDGET = 200;

export interface RobustnessSettings {
  /** Requests the group may send, shrinking a failure included. */
  budget: number;
  /** The fast-check seed; the same seed sends the same requests again. */
  seed: number;
}

export interface RunContext {
  profile: Profile;
  /** `cf-<8 hex>`: starts the name of everything the run creates. */
  prefix: string;
  allowAppointments: boolean;
  robustness: RobustnessSettings;
  /** Where the suite says what it waits for (stderr under whctl). */
  log: (line: string) => void;
  cleanup: CleanupRegistry;
  /** The first listed location, where most records are created. */
  home: ResolvedLocation;
  /** The other listed locations that home's token is admin at too, so one request can name both. */
  others: ResolvedLocation[];
  /** Home's token on the organization interface. */
  admin: Endpoint;
  /** A token that is admin at `location`, on the organization interface. */
  writerAt(location: ResolvedLocation): Endpoint;
  /** A token that is admin at `location`, on that location's own interface. */
  adminAt(location: ResolvedLocation): Endpoint;
  /** The optional roles of the profile, with the location they concern. */
  readOnly?: Endpoint & { location: string };
  noAccess?: Endpoint & { location: string };
  /** The unpaid organization's token, on that organization's interface. */
  unpaid?: Endpoint;
  /** A token of the organization that is admin nowhere. */
  noAdmin?: Endpoint;
  /** No Authorization header at all. */
  anonymous: Endpoint;
  /** A token the deployment cannot know. */
  invalidToken: Endpoint;
  /** Every client made so far, with the requests each sent. */
  endpoints: Endpoint[];
  /** Every answer the clients received, 429s waited out included, by the contract version it names. */
  answers: AnswerLog;
  /** Answers that came once a client had waited out a 429 until its X-RateLimit-Reset. */
  resumed: Exchange[];
  /** Every write (POST, PATCH, DELETE) that succeeded, in the order sent, for the events checks. */
  writes: Write[];
  /**
   * Where the change feed stood before the run's first write, when the profile declares events
   * and the events group runs: the cursor, or the answer that gave none.
   */
  feedStart?: { cursor?: string; exchange: Exchange };
  /**
   * The contract version the deployment implements, from the Contract-Version header of its first
   * answer; undefined for a deployment older than 1.1.0, which sends none (DECISIONS 351).
   */
  contractVersion?: string;
  /** A client for any token and address, e.g. the rate-limit group's, which must see its 429s. */
  endpoint(
    label: string,
    token: string,
    address: string,
    options?: { retry?: false; stripAuthorization?: boolean; madeUp?: boolean },
  ): Endpoint;
  /** A unique record name: `cf-1a2b3c4d <label>`. */
  name(label: string): string;
  /** A unique SKU or purchase order number: `CF-1A2B3C4D-7`. */
  code(): string;
  /**
   * Sends a request; a successful create is registered for clean-up whatever the check expected.
   * A 429 the client could not wait out makes the token's budget an unmet prerequisite.
   */
  send(endpoint: Endpoint, method: string, template: string, init?: SendInit): Promise<Exchange>;
  /**
   * Something several checks look at (a record, an exchange), made once when a check first
   * needs it, so that checks share requests and any check still runs alone under `--grep`.
   * When making it fails, that check reports the cause and later ones are blocked by it.
   */
  shared<T>(key: string, make: () => Promise<T>): Promise<T>;
}

export interface Write {
  endpoint: Endpoint;
  exchange: Exchange;
  /** The path parameters it was sent with (the id of an update or delete). */
  path?: Record<string, string | number>;
}

const WRITES = new Set(['POST', 'PATCH', 'DELETE']);

const REQUEST_TIMEOUT = 90_000;

// The missing-token check needs a request without the header the SDK always sets.
const withoutAuthorization: Middleware = {
  onRequest({ request }) {
    request.headers.delete('Authorization');
  },
};

export function createRunContext(profile: Profile, options: RunOptions): RunContext {
  const prefix = `cf-${randomBytes(4).toString('hex')}`;
  const cleanup = new CleanupRegistry();
  let counter = 0;

  const endpoints: Endpoint[] = [];
  const answers = new AnswerLog();
  /** The token of each client that waits out 429s: its budget is what a refusal says is spent. */
  const tokens = new Map<Endpoint, string>();
  /** Tokens whose budget could not be waited for, with why. */
  const budgets = new Map<string, UnmetPrerequisite>();
  const resumed: Exchange[] = [];
  const writes: Write[] = [];
  const endpoint: RunContext['endpoint'] = (label, token, address, settings = {}) => {
    // A 429 is answered before anything happens, so repeating a POST after it is safe.
    const retry =
      settings.retry === false
        ? false
        : {
            retryNonIdempotent: true,
            onRateLimited: ({ wait }: { wait: number }) => {
              made.waited++;
              options.log(`rate limited (${label}): waiting ${Math.ceil(wait / 1000)} s until X-RateLimit-Reset`);
            },
          };
    // A reproduction names the profile's tokens only as $WH_TOKEN; a token the suite made up is no secret.
    const shownToken = settings.stripAuthorization ? undefined : settings.madeUp ? token : TOKEN_VARIABLE;
    const client = createClient({
      baseUrl: address,
      token,
      timeout: REQUEST_TIMEOUT,
      retry,
      ...(settings.stripAuthorization && { middleware: [withoutAuthorization] }),
      fetch: answers.wrap(options.har ? options.har.wrap() : localhostFetch, { label, shownToken }),
    });
    const made: Endpoint = { label, client, sent: 0, waited: 0, shownToken };
    endpoints.push(made);
    if (settings.retry !== false && !settings.stripAuthorization) tokens.set(made, token);
    return made;
  };

  const [home, ...rest] = profile.locations;
  const others = rest.filter((location) => location.token === home.token);
  const adminEndpoints = new Map<string, Endpoint>();
  const writers = new Map<string, Endpoint>();
  const made = new Map<string, Promise<unknown>>();
  const { readOnly, noAccess, unpaid, noAdmin } = profile.tokens;
  const homeWriter = endpoint('admin, organization interface', home.token, profile.organization);
  writers.set(home.token, homeWriter);
  const context: RunContext = {
    profile,
    prefix,
    allowAppointments: options.allowAppointments,
    robustness: {
      budget: options.robustness?.budget ?? DEFAULT_ROBUSTNESS_BUDGET,
      seed: options.robustness?.seed ?? Math.floor(Math.random() * 2 ** 31),
    },
    log: options.log,
    cleanup,
    home,
    others,
    admin: homeWriter,
    writerAt(location) {
      let found = writers.get(location.token);
      if (!found) {
        found = endpoint(`admin at ${location.name}, organization interface`, location.token, profile.organization);
        writers.set(location.token, found);
      }
      return found;
    },
    adminAt(location) {
      let found = adminEndpoints.get(location.name);
      if (!found) {
        found = endpoint(`admin, ${location.name} location interface`, location.token, location.address);
        adminEndpoints.set(location.name, found);
      }
      return found;
    },
    ...(readOnly && {
      readOnly: Object.assign(endpoint(`read-only at ${readOnly.location}`, readOnly.token, profile.organization), {
        location: readOnly.location,
      }),
    }),
    ...(noAccess && {
      noAccess: Object.assign(endpoint(`no access to ${noAccess.location}`, noAccess.token, profile.organization), {
        location: noAccess.location,
      }),
    }),
    ...(unpaid && { unpaid: endpoint('unpaid organization', unpaid.token, unpaid.organization) }),
    ...(noAdmin && { noAdmin: endpoint('admin nowhere', noAdmin, profile.organization) }),
    anonymous: endpoint('no Authorization header', 'unused', profile.organization, { stripAuthorization: true }),
    invalidToken: endpoint('invalid token', `${prefix}-not-a-token`, profile.organization, { madeUp: true }),
    endpoints,
    answers,
    resumed,
    writes,
    endpoint,
    name: (label) => `${prefix} ${label}`,
    code: () => `${prefix.toUpperCase()}-${++counter}`,
    async send(target, method, template, init) {
      const token = tokens.get(target);
      const spent = token === undefined ? undefined : budgets.get(token);
      if (spent) throw spent;
      const waited = target.waited;
      const exchange = await send(target, method, template, init);
      if (target.waited > waited && exchange.status !== 429) resumed.push(exchange);
      if (WRITES.has(exchange.method) && exchange.status >= 200 && exchange.status < 300)
        writes.push({ endpoint: target, exchange, ...(init?.path && { path: init.path }) });
      for (const undo of [undoCreate(target, exchange), ...undoBulkUpload(target, exchange)])
        if (undo) cleanup.add(undo.key, undo.label, undo.run);
      const deleted = deletedKey(exchange, init?.path);
      if (deleted) cleanup.forget(deleted);
      // The client waits out a 429 when it can; one that comes back means it could not.
      if (exchange.status === 429 && token !== undefined) {
        const unmet = new UnmetPrerequisite(`the rate-limit budget of ${target.label}`, budgetFailure(exchange));
        budgets.set(token, unmet);
        throw unmet;
      }
      return exchange;
    },
    shared<T>(key: string, make: () => Promise<T>) {
      let promise = made.get(key) as Promise<T> | undefined;
      if (!promise) {
        promise = make().catch((error: unknown) => {
          throw asPrerequisite(key, error);
        });
        made.set(key, promise);
      }
      return promise;
    },
  };
  return context;
}
