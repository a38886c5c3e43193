import type { ProfileFile } from '@warehouse-kit/spec/conformance-profile';
import { expect } from 'chai';
import { ProfileError } from '../src/errors.js';
import { parseProfile } from '../src/profile.js';

const valid: ProfileFile = {
  organization: 'https://acme.example.com/',
  locations: [
    { name: 'Toronto DC', address: 'https://acme-toronto.example.com', time_zone: 'America/Toronto' },
    {
      name: 'Vancouver DC',
      address: 'https://acme-vancouver.example.com',
      time_zone: 'America/Vancouver',
      paid: false,
    },
  ],
  tokens: {
    admin: { token_env: 'WH_ADMIN_TOKEN' },
    read_only: { token: 'viewer-token', location: 'Vancouver DC' },
    unpaid: { token: 'globex-token', organization: 'https://globex.example.com' },
  },
};

function problemsOf(data: unknown, env: NodeJS.ProcessEnv = { WH_ADMIN_TOKEN: 'admin-token' }): string[] {
  try {
    parseProfile(data, 'deployment.yaml', env);
  } catch (error) {
    expect(error).to.be.instanceOf(ProfileError);
    return (error as ProfileError).problems;
  }
  expect.fail('the profile was accepted');
}

describe('conformance profile', () => {
  it('reads tokens from the file or from the environment, and locations with their zones', () => {
    const profile = parseProfile(valid, 'deployment.yaml', { WH_ADMIN_TOKEN: 'admin-token' });
    expect(profile.organization).to.equal('https://acme.example.com');
    expect(profile.tokens).to.deep.equal({
      admin: 'admin-token',
      readOnly: { token: 'viewer-token', location: 'Vancouver DC' },
      unpaid: { token: 'globex-token', organization: 'https://globex.example.com' },
    });
    expect(profile.locations.map((l) => [l.name, l.time_zone, l.paid])).to.deep.equal([
      ['Toronto DC', 'America/Toronto', true],
      ['Vancouver DC', 'America/Vancouver', false],
    ]);
  });

  it('reads the additions of later versions: a token per location, customer settings, custom fields, no_admin', () => {
    const extended: ProfileFile = {
      ...valid,
      locations: [
        { ...valid.locations[0]!, customers: { create: true, auto_approve: false } },
        { ...valid.locations[1]!, token: { token_env: 'WH_VANCOUVER_TOKEN' } },
      ],
      custom_fields: [
        {
          key: 'lot_code',
          applies_to: 'purchase_order_item',
          field_type: 'text',
          locations: ['toronto dc'],
          valid: 'L-1',
        },
      ],
      tokens: { ...valid.tokens, no_admin: { token: 'viewer-everywhere' } },
      skipped: [{ role: 'no_access', why: 'no such user', checks: ['status-codes: x: GET /products 403'] }],
    };
    const profile = parseProfile(extended, 'deployment.yaml', {
      WH_ADMIN_TOKEN: 'admin-token',
      WH_VANCOUVER_TOKEN: 'vancouver-token',
    });
    expect(profile.locations.map((l) => [l.name, l.token, l.customers])).to.deep.equal([
      ['Toronto DC', 'admin-token', { create: true, auto_approve: false }],
      ['Vancouver DC', 'vancouver-token', undefined],
    ]);
    expect(profile.tokens.noAdmin).to.equal('viewer-everywhere');
    expect(profile.customFields.map((field) => field.key)).to.deep.equal(['lot_code']);
  });

  it('reads what each location requires of an order, requiring nothing where a location does not say', () => {
    const demanding: ProfileFile = {
      ...valid,
      locations: [
        {
          ...valid.locations[0]!,
          requires: { purchase_order_fields: ['expected_starts_at', 'reference_numbers'], catalog_products: true },
        },
        { ...valid.locations[1]!, requires: { purchase_order_fields: ['notes'] } },
      ],
    };
    const profile = parseProfile(demanding, 'deployment.yaml', { WH_ADMIN_TOKEN: 'admin-token' });
    expect(profile.locations.map((location) => location.requires)).to.deep.equal([
      { purchase_order_fields: ['expected_starts_at', 'reference_numbers'], catalog_products: true },
      { purchase_order_fields: ['notes'], catalog_products: false },
    ]);
    const plain = parseProfile(valid, 'deployment.yaml', { WH_ADMIN_TOKEN: 'admin-token' });
    expect(plain.locations[0]!.requires).to.deep.equal({ purchase_order_fields: [], catalog_products: false });
  });

  it('refuses a required field the suite cannot fill, a field listed twice and a misspelt requirement', () => {
    const [toronto, vancouver] = valid.locations;
    const requiring = (requires: unknown) => ({ ...valid, locations: [{ ...toronto, requires }, vancouver] });
    expect(problemsOf(requiring({ purchase_order_fields: ['dock_door'] }))).to.deep.equal([
      'locations[0].requires.purchase_order_fields[0] must be equal to one of the allowed values ' +
        '("expected_starts_at", "expected_ends_at", "carrier_name", "notes", "reference_numbers")',
    ]);
    expect(problemsOf(requiring({ purchase_order_fields: ['notes', 'notes'] }))).to.deep.equal([
      'locations[0].requires.purchase_order_fields must NOT have duplicate items (items ## 0 and 1 are identical)',
    ]);
    expect(problemsOf(requiring({ catalog_product: true }))).to.deep.equal([
      'locations[0].requires must NOT have additional properties (catalog_product)',
    ]);
    expect(problemsOf(requiring({ catalog_products: 'yes' }))).to.deep.equal([
      'locations[0].requires.catalog_products must be boolean',
    ]);
  });

  it('refuses a custom field enabled at a location the profile does not list', () => {
    const stray = {
      ...valid,
      custom_fields: [{ key: 'grade', applies_to: 'purchase_order', field_type: 'select', locations: ['Atlantis DC'] }],
    };
    expect(problemsOf(stray)).to.deep.equal([
      "custom_fields[0].locations: Atlantis DC is not among the profile's locations",
    ]);
  });

  it('names the variable that is not set', () => {
    expect(problemsOf(valid, {})).to.deep.equal([
      'tokens.admin.token_env: environment variable WH_ADMIN_TOKEN is not set',
    ]);
  });

  it('reports the shape of the file first, then every other problem at once with its place', () => {
    const broken = {
      ...valid,
      organization: 'acme.example.com',
      locations: [valid.locations[0], { ...valid.locations[0], time_zone: 'EST5' + 'X' }],
      tokens: { admin: { token: 'a b', token_env: 'WH_ADMIN_TOKEN' }, no_access: { token: 'x' } },
    };
    const problems = problemsOf(broken);
    expect(problems).to.deep.equal(["tokens.no_access must have required property 'location'"]);
    const fixedShape = { ...broken, tokens: { admin: { token: 'a b' } } };
    expect(problemsOf(fixedShape)).to.have.members([
      'locations[1].name: Toronto DC is listed twice',
      'locations[1].time_zone: EST5X is not an IANA time zone such as America/Toronto',
      'tokens.admin: the token must be printable ASCII without spaces or line breaks',
      'organization: baseUrl must be an absolute http(s) address ' +
        'such as https://acme.example.com, got "acme.example.com"',
    ]);
  });

  it('needs exactly one of token and token_env', () => {
    expect(problemsOf({ ...valid, tokens: { admin: { token: 't', token_env: 'WH_ADMIN_TOKEN' } } })).to.deep.equal([
      'tokens.admin needs exactly one of token or token_env',
    ]);
    expect(problemsOf({ ...valid, tokens: { admin: {} } })).to.deep.equal([
      'tokens.admin needs exactly one of token or token_env',
    ]);
  });

  it('refuses keys it does not know, so a misspelt role is not silently ignored', () => {
    expect(
      problemsOf({ ...valid, tokens: { ...valid.tokens, readonly: { token: 'x', location: 'Vancouver DC' } } }),
    ).to.deep.equal(['tokens must NOT have additional properties (readonly)']);
  });

  it('reads the webhook receiver: defaults for true, a listen address and a URL with {port} otherwise', () => {
    const env = { WH_ADMIN_TOKEN: 'admin-token' };
    const declared = (webhooks: unknown) =>
      parseProfile({ ...valid, extensions: { events: true, webhooks } }, 'deployment.yaml', env).extensions.webhooks;
    expect(declared(true)).to.deep.equal({ host: '127.0.0.1', port: 0, url: 'http://127.0.0.1:{port}/hook' });
    expect(declared({ listen: '[::1]:8089' })).to.deep.equal({
      host: '::1',
      port: 8089,
      url: 'http://[::1]:{port}/hook',
    });
    expect(declared({ listen: '0.0.0.0:0', url: 'https://hooks.example.net/{port}/in' })).to.deep.equal({
      host: '0.0.0.0',
      port: 0,
      url: 'https://hooks.example.net/{port}/in',
    });
    expect(declared(false)).to.equal(undefined);
  });

  it('refuses webhooks without events, a listen address without a port, and a URL with a password', () => {
    expect(problemsOf({ ...valid, extensions: { webhooks: true } })).to.deep.equal([
      'extensions.webhooks needs extensions.events: true, as the webhook checks read each event from the feed',
    ]);
    expect(problemsOf({ ...valid, extensions: { events: true, webhooks: { listen: 'localhost' } } })).to.deep.equal([
      'extensions.webhooks.listen must match pattern "^(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.-]+):[0-9]{1,5}$"',
    ]);
    expect(
      problemsOf({
        ...valid,
        extensions: { events: true, webhooks: { listen: '127.0.0.1:70000', url: 'http://u:p@127.0.0.1:{port}/' } },
      }),
    ).to.deep.equal([
      'extensions.webhooks.listen: 127.0.0.1:70000 names no port (0 to 65535)',
      'extensions.webhooks.url: a webhook URL has no user or password',
    ]);
  });
});
