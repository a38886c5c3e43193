import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileFile } from '@warehouse-kit/conformance';
import { tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { parse } from 'yaml';
import { type Stub, startStub } from './support/stub.js';
import { whctl } from './support/whctl.js';

const LOCATIONS = [
  { name: 'Toronto DC', url: 'acme-toronto', time_zone: 'America/Toronto' },
  { name: 'Auckland DC', url: 'acme-auckland', time_zone: 'Pacific/Auckland' },
];

describe('whctl conformance init', () => {
  let stub: Stub;
  let organization: string;
  let folder: string;
  beforeEach(async () => {
    // A deployment of the reference without its extensions, whose Auckland DC is unpaid.
    stub = await startStub((request) => {
      if (request.path !== '/locations') return { status: 404, body: { error: 'not found' } };
      if (request.headers.host?.startsWith('acme-auckland.')) return { status: 402, body: { error: 'unpaid' } };
      return { status: 200, body: LOCATIONS };
    });
    // A subdomain address, from which location addresses are derived; *.localhost reaches the stub.
    organization = `http://acme.localhost:${new URL(stub.url).port}`;
    folder = tempDir('whctl-init-');
  });
  afterEach(() => stub.close());

  const file = () => join(folder, 'deployment.yaml');
  const written = () => parse(readFileSync(file(), 'utf8')) as ProfileFile;

  it("writes a profile from flags, with the locations and zones the admin token's deployment lists", async () => {
    const run = await whctl(
      [
        'conformance',
        'init',
        '--file',
        file(),
        '--organization',
        organization,
        '--role',
        'no_admin=WH_VIEWER',
        '--role',
        'read_only=WH_INTEGRATION@Auckland DC',
      ],
      { env: { WH_TOKEN: 'secret-admin-token' } },
    );
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr).to.include(`Wrote ${file()} (2 location(s)). Run: whctl conformance run --deployment ${file()}`);
    expect(written()).to.deep.equal({
      organization,
      locations: [
        {
          name: 'Toronto DC',
          address: organization.replace('acme.', 'acme-toronto.'),
          time_zone: 'America/Toronto',
          paid: true,
        },
        {
          name: 'Auckland DC',
          address: organization.replace('acme.', 'acme-auckland.'),
          time_zone: 'Pacific/Auckland',
          paid: false,
        },
      ],
      // What the deployment answered: no feed, no ETag, no replay of a refused create.
      extensions: { idempotency: false, etags: false, events: false },
      tokens: {
        admin: { token_env: 'WH_TOKEN' },
        no_admin: { token_env: 'WH_VIEWER' },
        read_only: { token_env: 'WH_INTEGRATION', location: 'Auckland DC' },
      },
    });
    expect(readFileSync(file(), 'utf8'))
      .to.match(/^# Conformance profile, written by whctl conformance init/)
      .and.not.include('secret');
    expect(new Set(stub.requests.map((request) => request.headers.authorization))).to.deep.equal(
      new Set(['Token secret-admin-token']),
    );
    expect(run.stderr).to.include('The deployment answered as honouring: no extension; unpaid: Auckland DC.');
  });

  it('keeps only the --location ones, in that order, the first becoming home', async () => {
    const run = await whctl(
      ['conformance', 'init', '--file', file(), '--organization', organization, '--location', 'auckland dc'],
      { env: { WH_TOKEN: 't' } },
    );
    expect(run.code, run.stderr).to.equal(0);
    expect(written().locations.map((location) => location.name)).to.deep.equal(['Auckland DC']);
  });

  it('asks for what the flags leave out with --interactive, reading the answers line by line', async () => {
    // No token at hand: the locations are asked for too.
    const answers = [
      organization,
      'WH_ACME',
      'Toronto DC',
      'https://acme-toronto.example.com',
      '',
      'America/Toronto',
      '',
      'WH_INTEGRATION',
      'Toronto DC',
      '',
      '',
    ];
    const run = await whctl(['conformance', 'init', '--file', file(), '--interactive'], {
      input: `${answers.join('\n')}\n`,
    });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stderr).to.include('Organization address').and.include('Time zone of Toronto DC');
    expect(written()).to.deep.equal({
      organization,
      locations: [{ name: 'Toronto DC', address: 'https://acme-toronto.example.com', time_zone: 'America/Toronto' }],
      tokens: { admin: { token_env: 'WH_ACME' }, no_access: { token_env: 'WH_INTEGRATION', location: 'Toronto DC' } },
    });
    expect(stub.requests).to.deep.equal([]);
  });

  for (const [what, args, message] of [
    ['an existing file without --force', ['--organization', 'ORG'], /exists; pass --force/],
    ['a role it does not know', ['--organization', 'ORG', '--role', 'viewer=WH_VIEWER'], /--role viewer: choose from/],
    ['a role without its location', ['--organization', 'ORG', '--role', 'read_only=WH_V'], /needs @ and the location/],
    [
      'a location the deployment does not list',
      ['--organization', 'ORG', '--location', 'Atlantis'],
      /Atlantis is not among/,
    ],
    ['no token to read the locations with, and no terminal to ask at', ['--organization', 'ORG'], /no locations/],
  ] as const) {
    it(`refuses ${what} with exit 2`, async () => {
      const existing = what.startsWith('an existing');
      if (existing) writeFileSync(file(), 'keep: me\n');
      const env = what.startsWith('no token') ? {} : { WH_TOKEN: 't' };
      const run = await whctl(
        ['conformance', 'init', '--file', file(), ...args.map((arg) => (arg === 'ORG' ? organization : arg))],
        { env },
      );
      expect(run.code, run.stderr).to.equal(2);
      expect(run.stderr).to.match(message);
      if (existing) expect(readFileSync(file(), 'utf8')).to.equal('keep: me\n');
      else expect(existsSync(file())).to.equal(false);
    });
  }
});
