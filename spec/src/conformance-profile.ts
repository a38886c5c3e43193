// The conformance profile's file format: which deployment the suite checks and with which
// tokens. The server prints it (`wh-server profile`) and the suite reads it, so it lives here,
// below both.

/** Where a token comes from: the file itself or an environment variable. */
export interface TokenSource {
  token?: string;
  token_env?: string;
}

/** The file as written (the format `wh-server profile` prints). */
export interface ProfileFile {
  /** The organization interface address, e.g. `https://acme.example.com`. */
  organization: string;
  /** The warehouses to work at; the admin token must be admin at each. The first is the home warehouse. */
  locations: { name: string; address: string; time_zone: string; paid?: boolean }[];
  tokens: {
    /** Admin at every listed location. Required. */
    admin: TokenSource;
    /** Whose per-minute budget the rate-limit group spends; the admin token by default. */
    rate_limit?: TokenSource;
    /** Read-only at `location` (and admin somewhere, as every API user must be). */
    read_only?: TokenSource & { location: string };
    /** No access at all to `location` (and admin somewhere). */
    no_access?: TokenSource & { location: string };
    /** A token of another organization, at `organization`, that has no paid location. */
    unpaid?: TokenSource & { organization: string };
  };
}

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

/** JSON Schema of the file, for ajv. */
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
      },
    },
  },
};
