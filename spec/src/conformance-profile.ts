// The conformance profile's file format: which deployment the suite checks and with which
// tokens. The server prints it (`wh-server profile`) and the suite reads it, so it lives here,
// below both.

/** Where a token comes from: the file itself or an environment variable. */
export interface TokenSource {
  token?: string;
  token_env?: string;
}

/** How a warehouse treats customer names it does not know on its orders (DECISIONS 36). */
export interface CustomerSettings {
  /** Whether an order assigned here may create an unknown customer (422 otherwise). */
  create: boolean;
  /** `auto_approve_appointments` of a customer created from an order here. */
  auto_approve?: boolean;
  /** `can_create_carriers` of a customer created from an order here. */
  can_create_carriers?: boolean;
}

/**
 * Purchase order fields a warehouse may require of the orders assigned to it (§2.3: "Required
 * fields can additionally depend on the assigned warehouse's settings"): the contract's plain
 * order fields, each of which the suite can fill in (DECISIONS 131).
 */
export const REQUIRABLE_ORDER_FIELDS = [
  'expected_starts_at',
  'expected_ends_at',
  'carrier_name',
  'notes',
  'reference_numbers',
] as const;

export type RequirableOrderField = (typeof REQUIRABLE_ORDER_FIELDS)[number];

/** What a warehouse requires of a purchase order assigned to it beyond the contract's rules (DECISIONS 131). */
export interface LocationRequirements {
  /** Fields an assigned order must carry (422 otherwise). */
  purchase_order_fields?: RequirableOrderField[];
  /** Whether every line item must name a product of this warehouse's catalog (422 otherwise). */
  catalog_products?: boolean;
}

export interface ProfileLocation {
  name: string;
  /** Its location interface address. */
  address: string;
  /** IANA zone, as the deployment uses it. */
  time_zone: string;
  /** Default true; an unpaid location's own interface answers 402 (DECISIONS 12). */
  paid?: boolean;
  /** A token that is admin here, for a location where tokens.admin is not. */
  token?: TokenSource;
  /** This warehouse's customer-creation settings, for the customer checks. */
  customers?: CustomerSettings;
  /** What it requires of the purchase orders assigned to it; the suite's orders meet it. */
  requires?: LocationRequirements;
}

/** A custom field the deployment has configured, for the custom-field checks (§4.6). */
export interface ProfileCustomField {
  key: string;
  applies_to: 'purchase_order' | 'purchase_order_item';
  field_type: 'text' | 'number' | 'date' | 'boolean' | 'select' | 'json';
  /** The listed locations where it is enabled; empty: an organization-wide definition only. */
  locations: string[];
  /** A value the field accepts. */
  valid?: unknown;
  /** A value its validation rules refuse (§4.6 custom fields rule 5). */
  invalid?: unknown;
}

/** A role the profile lacks, and the checks that skip for it; written by `wh-server profile`, ignored by the suite. */
export interface SkippedRole {
  role: OptionalRole;
  why: string;
  checks: string[];
}

/**
 * Extensions beyond the reference the deployment supports (spec/DECISIONS.md 110–129 and
 * 170–178); the suite checks only those declared, outside the reference verdict.
 */
export interface ProfileExtensions {
  /** `Idempotency-Key` on POST. */
  idempotency?: boolean;
  /** `ETag`, `If-None-Match` and `If-Match` on records. */
  etags?: boolean;
  /** The change feed (`GET /events`, `GET /events/{id}`) and its events. */
  events?: boolean;
  /**
   * A feed cursor the deployment answers 410, being older than the events it keeps; the
   * `events` checks then check that answer. Without it they say why they cannot (DECISIONS 224).
   */
  expired_event_cursor?: string;
  /**
   * Webhook endpoints and their deliveries (`/webhook_endpoints…`). The suite runs a receiver of
   * its own that the deployment must be able to reach; `true` takes the defaults (DECISIONS 280).
   * Needs `events`, whose `GET /events/{id}` a delivery is compared with.
   */
  webhooks?: boolean | WebhookReceiverSettings;
}

/**
 * Where the suite's webhook receivers listen and the address the deployment delivers to. All of
 * them listen on the one `listen` address: the first at `url`, the others at paths under it
 * (`/gone`, `/busy`, `/unavailable`, `/paused`, `/deleted`), so one forwarded port reaches them all.
 */
export interface WebhookReceiverSettings {
  /** `host:port` to listen on (`[::1]:0` for IPv6); `127.0.0.1:0` by default, 0 being a free port. */
  listen?: string;
  /**
   * The receiver's URL as the deployment reaches it, `{port}` standing for the port listened
   * on (a tunnel's or a forwarded port's address, say); `http://<listen host>:{port}/hook` by default.
   */
  url?: string;
}

/** The file as written (the format `wh-server profile` prints). */
export interface ProfileFile {
  /** The organization interface address, e.g. `https://acme.example.com`. */
  organization: string;
  /**
   * The warehouses to work at; tokens.admin must be admin at each that has no token of its
   * own. The first is the home warehouse, where most records are created.
   */
  locations: ProfileLocation[];
  custom_fields?: ProfileCustomField[];
  extensions?: ProfileExtensions;
  tokens: {
    /** Admin at every listed location without a token of its own. Required. */
    admin: TokenSource;
    /** Whose per-minute budget the rate-limit group spends; the admin token by default. */
    rate_limit?: TokenSource;
    /** Read-only at `location` (and admin somewhere, as every API user must be). */
    read_only?: TokenSource & { location: string };
    /** No access at all to `location` (and admin somewhere). */
    no_access?: TokenSource & { location: string };
    /** A token of another organization, at `organization`, that has no paid location. */
    unpaid?: TokenSource & { organization: string };
    /** A token of this organization with no admin role at any location (403 on every request, §5 rule 3). */
    no_admin?: TokenSource;
  };
  skipped?: SkippedRole[];
}

/** The optional roles of a profile, what each is, and the checks (`group: title` without the section) that need it. */
export const OPTIONAL_ROLES = {
  read_only: {
    what: 'a token with a read-only role at one listed location, and admin elsewhere',
    checks: [
      'status-codes: read_only_write_forbidden: POST /products 403',
      'status-codes: read_only_write_forbidden: PATCH /products/{id} 403',
      'status-codes: move_needs_write_at_current: PATCH /purchase_orders/{id} 403',
      'status-codes: read_only_may_view: GET /products/{id} 200',
      'location-rules: unassigned_order_needs_destination_only: PATCH /purchase_orders/{id} 200',
      'schemas: response_schema_conformance: POST /products 403',
    ],
  },
  no_access: {
    what: 'a token with no role at one listed location, and admin elsewhere',
    checks: [
      'status-codes: inaccessible_location_forbidden: GET /products 403',
      'status-codes: destination_without_access_forbidden: PATCH /purchase_orders/{id} 403',
      'status-codes: inaccessible_record_not_found: GET /products/{id} 404',
      'status-codes: inaccessible_record_not_found: GET /purchase_orders/{id} 404',
      'records: only_accessible_locations_listed: GET /locations 200',
      'schemas: response_schema_conformance: GET /products 403',
      'events: event_visibility_matches_lists: GET /events 200',
    ],
  },
  no_admin: {
    what: 'a token of this organization that is admin nowhere',
    checks: [
      'status-codes: no_admin_access_forbidden: GET /locations 403',
      'status-codes: companies_need_admin_membership: GET /companies 403',
    ],
  },
  unpaid: {
    what: 'a token of another organization, none of whose locations is paid',
    checks: [
      'status-codes: unpaid_organization_refused: GET /locations 402',
      'schemas: response_schema_conformance: GET /locations 402',
      'decisions: other_organization_token_rejected: GET /locations 401',
    ],
  },
} as const;

export type OptionalRole = keyof typeof OPTIONAL_ROLES;

const tokenSource = {
  token: { type: 'string', minLength: 1 },
  token_env: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' },
};
const roleToken = (extra: string) => ({
  type: 'object',
  additionalProperties: false,
  required: [extra],
  properties: { ...tokenSource, [extra]: { type: 'string', minLength: 1 } },
});

const customerSettings = {
  type: 'object',
  additionalProperties: false,
  required: ['create'],
  properties: {
    create: { type: 'boolean' },
    auto_approve: { type: 'boolean' },
    can_create_carriers: { type: 'boolean' },
  },
};

const locationRequirements = {
  type: 'object',
  additionalProperties: false,
  properties: {
    purchase_order_fields: { type: 'array', uniqueItems: true, items: { enum: [...REQUIRABLE_ORDER_FIELDS] } },
    catalog_products: { type: 'boolean' },
  },
};

/** JSON Schema of the file, for ajv. Every field added since the first version is optional, so old profiles stay valid. */
export const profileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['organization', 'locations', 'tokens'],
  properties: {
    organization: { type: 'string', minLength: 1 },
    locations: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'address', 'time_zone'],
        properties: {
          name: { type: 'string', minLength: 1 },
          address: { type: 'string', minLength: 1 },
          time_zone: { type: 'string', minLength: 1 },
          paid: { type: 'boolean' },
          token: { type: 'object', additionalProperties: false, properties: tokenSource },
          customers: customerSettings,
          requires: locationRequirements,
        },
      },
    },
    custom_fields: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'applies_to', 'field_type', 'locations'],
        properties: {
          key: { type: 'string', minLength: 1 },
          applies_to: { enum: ['purchase_order', 'purchase_order_item'] },
          field_type: { enum: ['text', 'number', 'date', 'boolean', 'select', 'json'] },
          locations: { type: 'array', items: { type: 'string', minLength: 1 } },
          valid: {},
          invalid: {},
        },
      },
    },
    extensions: {
      type: 'object',
      additionalProperties: false,
      properties: {
        idempotency: { type: 'boolean' },
        etags: { type: 'boolean' },
        events: { type: 'boolean' },
        expired_event_cursor: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' },
        // true, or the receiver's settings: `properties` apply only to an object.
        webhooks: {
          type: ['boolean', 'object'],
          additionalProperties: false,
          properties: {
            listen: { type: 'string', maxLength: 300, pattern: '^(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]+):[0-9]{1,5}$' },
            url: { type: 'string', minLength: 1, maxLength: 2000, pattern: '^https?://' },
          },
        },
      },
    },
    skipped: {
      type: 'array',
      items: {
        type: 'object',
        required: ['role', 'why', 'checks'],
        properties: {
          role: { type: 'string' },
          why: { type: 'string' },
          checks: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    tokens: {
      type: 'object',
      additionalProperties: false,
      required: ['admin'],
      properties: {
        admin: { type: 'object', additionalProperties: false, properties: tokenSource },
        rate_limit: { type: 'object', additionalProperties: false, properties: tokenSource },
        read_only: roleToken('location'),
        no_access: roleToken('location'),
        unpaid: roleToken('organization'),
        no_admin: { type: 'object', additionalProperties: false, properties: tokenSource },
      },
    },
  },
};
