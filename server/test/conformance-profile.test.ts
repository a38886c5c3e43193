import { expect } from 'chai';
import { DEMO_FIXTURE } from '../src/provision/demo.js';
import { readFixture } from '../src/provision/fixture.js';
import { ProfileChoiceError, profileFor } from '../src/provision/profile.js';

describe('wh-server profile', () => {
  const demo = readFixture(DEMO_FIXTURE);

  it('chooses the demo organization, its admin, and the other roles from the fixture users', () => {
    const profile = profileFor(demo, { baseUrlTemplate: 'http://{subdomain}.localhost:3000' });
    expect(profile.organization).to.equal('http://acme.localhost:3000');
    // Paid locations first: the first is where the suite creates most records.
    expect(profile.locations).to.deep.equal([
      { name: 'Toronto DC', address: 'http://acme-toronto.localhost:3000', time_zone: 'America/Toronto', paid: true },
      {
        name: 'Auckland DC',
        address: 'http://acme-auckland.localhost:3000',
        time_zone: 'Pacific/Auckland',
        paid: true,
      },
      {
        name: 'Vancouver DC',
        address: 'http://acme-vancouver.localhost:3000',
        time_zone: 'America/Vancouver',
        paid: false,
      },
    ]);
    expect(profile.tokens).to.deep.equal({
      admin: { token: 'acme-admin-token' },
      // Admin at Toronto; the viewer is admin nowhere, so every request of it would be 403.
      rate_limit: { token: 'acme-integration-token' },
      read_only: { token: 'acme-integration-token', location: 'Vancouver DC' },
      no_access: { token: 'acme-integration-token', location: 'Auckland DC' },
      unpaid: { token: 'globex-admin-token', organization: 'http://globex.localhost:3000' },
    });
  });

  it('leaves out the roles a fixture has no user for', () => {
    const [acme] = demo.organizations;
    const profile = profileFor(
      { organizations: [{ ...acme!, users: acme!.users!.filter((user) => user.name === 'admin') }] },
      { baseUrlTemplate: 'https://{subdomain}.example.com' },
    );
    expect(Object.keys(profile.tokens)).to.deep.equal(['admin']);
  });

  it('refuses an organization without a paid location and an admin at each, and a template without {subdomain}', () => {
    expect(() =>
      profileFor(demo, { baseUrlTemplate: 'http://{subdomain}.localhost', organization: 'globex' }),
    ).to.throw(ProfileChoiceError, 'paid location');
    expect(() => profileFor(demo, { baseUrlTemplate: 'http://localhost:3000' })).to.throw(
      ProfileChoiceError,
      '{subdomain}',
    );
    expect(() => profileFor(demo, { baseUrlTemplate: 'http://{subdomain}.localhost', organization: 'nope' })).to.throw(
      ProfileChoiceError,
      'nope',
    );
  });
});
