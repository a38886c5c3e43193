import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { type Stub, startStub } from './support/stub.js';
import { freshHome, json, type RunOptions, whctl } from './support/whctl.js';

describe('whctl config and connection precedence', () => {
  let home: string;
  let configDir: string;
  const env = (extra: RunOptions['env'] = {}) => ({ HOME: home, XDG_CONFIG_HOME: join(home, 'xdg'), ...extra });
  const run = (args: string[], options: RunOptions = {}) => whctl(args, { ...options, env: env(options.env) });

  beforeEach(() => {
    home = freshHome();
    configDir = join(home, 'xdg', 'whctl');
  });

  it(
    'creates the config file under XDG_CONFIG_HOME ' + 'readable by its owner only, with the token from stdin',
    async () => {
      expect((await run(['config', 'set', 'base_url', 'https://acme.example.com'])).code).to.equal(0);
      const set = await run(['config', 'set', 'token', '-'], { input: 'secret-token-1\n' });
      expect(set.code, set.stderr).to.equal(0);
      expect(set.stderr).to.include('set token of profile "default"').and.not.include('secret-token-1');
      expect(statSync(configDir).mode & 0o777).to.equal(0o700);
      expect(statSync(join(configDir, 'config.yaml')).mode & 0o777).to.equal(0o600);
      expect(parse(readFileSync(join(configDir, 'config.yaml'), 'utf8'))).to.deep.equal({
        current_profile: 'default',
        profiles: { default: { base_url: 'https://acme.example.com', token: 'secret-token-1' } },
      });
    },
  );

  it('tightens a config file someone made readable by others when it writes it', async () => {
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, 'config.yaml'), 'profiles: {}\n', { mode: 0o644 });
    expect((await run(['config', 'set', 'token', 't'])).code).to.equal(0);
    expect(statSync(join(configDir, 'config.yaml')).mode & 0o777).to.equal(0o600);
  });

  it('never prints a token: get and list show only that it is set', async () => {
    await run(['config', 'set', 'token', 'secret-token-2']);
    const get = await run(['config', 'get', 'token']);
    expect(get.code).to.equal(0);
    expect(get.stdout).to.equal('(set)\n');
    const list = await run(['config', 'list', '-o', 'json']);
    expect(json(list)).to.deep.equal([
      { profile: 'default', current: true, base_url: null, location_url: null, token: '(set)' },
    ]);
    expect(get.stdout + get.stderr + list.stdout + list.stderr).not.to.include('secret-token-2');
  });

  it('keeps several profiles, switches with "config use", and refuses an unknown one with exit 4', async () => {
    await run(['config', 'set', 'base_url', 'https://acme.example.com']);
    await run(['--profile', 'staging', 'config', 'set', 'base_url', 'https://acme.staging.example.com']);
    expect((await run(['config', 'get', 'base_url'])).stdout).to.equal('https://acme.example.com\n');
    expect((await run(['config', 'use', 'staging'])).code).to.equal(0);
    expect((await run(['config', 'get', 'base_url'])).stdout).to.equal('https://acme.staging.example.com\n');
    expect((await run(['config', 'get', 'base_url'], { env: { WHCTL_PROFILE: 'default' } })).stdout).to.equal(
      'https://acme.example.com\n',
    );
    const unknown = await run(['config', 'use', 'prod']);
    expect(unknown.code).to.equal(4);
    expect(unknown.stderr).to.include('no profile "prod"');
  });

  it('keeps one address per profile: setting location_url replaces base_url', async () => {
    await run(['config', 'set', 'base_url', 'https://acme.example.com']);
    await run(['config', 'set', 'location_url', 'https://acme-toronto.example.com']);
    const list = json(await run(['config', 'list', '-o', 'json']));
    expect(list[0]).to.include({ base_url: null, location_url: 'https://acme-toronto.example.com' });
  });

  it('rejects unknown keys, bad addresses and an unset key', async () => {
    const key = await run(['config', 'set', 'tokn', 'x']);
    expect(key.code).to.equal(2);
    expect(key.stderr).to.include('expected one of base_url, location_url, token');
    const address = await run(['config', 'set', 'base_url', 'ftp://acme.example.com']);
    expect(address.code).to.equal(2);
    expect(address.stderr).to.include('http or https');
    const unset = await run(['config', 'get', 'location_url']);
    expect(unset.code).to.equal(4);
    expect(unset.stderr).to.include('location_url is not set in profile "default"');
  });

  it('refuses a config file with a misspelt key instead of ignoring it', async () => {
    mkdirSync(configDir, { recursive: true });
    writeFileSync(join(configDir, 'config.yaml'), 'profiles:\n  default:\n    baseurl: https://acme.example.com\n');
    const result = await run(['locations', 'list']);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.include('unknown key "baseurl" in profile "default"');
  });

  describe('precedence: flags over environment over profile', () => {
    let profileApi: Stub;
    let envApi: Stub;
    let flagApi: Stub;
    const answer = (name: string) => () => ({ status: 200, body: [{ name, url: name, time_zone: 'UTC' }] });

    beforeEach(async () => {
      [profileApi, envApi, flagApi] = await Promise.all([
        startStub(answer('profile')),
        startStub(answer('env')),
        startStub(answer('flag')),
      ]);
      await run(['config', 'set', 'base_url', profileApi.url]);
      await run(['config', 'set', 'token', 'profile-token']);
    });
    afterEach(() => Promise.all([profileApi.close(), envApi.close(), flagApi.close()]));

    const seen = (stub: Stub) => stub.requests.map((request) => request.headers.authorization);

    it('uses the profile when nothing else is given', async () => {
      const result = await run(['locations', 'list']);
      expect(json(result)[0].name).to.equal('profile');
      expect(seen(profileApi)).to.deep.equal(['Token profile-token']);
    });

    it('lets environment variables override the profile, each on its own', async () => {
      const result = await run(['locations', 'list'], { env: { WHCTL_BASE_URL: envApi.url } });
      expect(json(result)[0].name).to.equal('env');
      expect(seen(envApi)).to.deep.equal(['Token profile-token']);
      await run(['locations', 'list'], { env: { WHCTL_TOKEN: 'env-token' } });
      expect(seen(profileApi)).to.deep.equal(['Token env-token']);
    });

    it('lets flags override the environment', async () => {
      const result = await run(['locations', 'list', '--base-url', flagApi.url, '--token', 'flag-token'], {
        env: { WHCTL_BASE_URL: envApi.url, WHCTL_TOKEN: 'env-token' },
      });
      expect(json(result)[0].name).to.equal('flag');
      expect(seen(flagApi)).to.deep.equal(['Token flag-token']);
      expect(seen(envApi)).to.deep.equal([]);
    });

    it('takes --location-url as the address too, over the environment', async () => {
      const result = await run(['--location-url', flagApi.url, 'locations', 'list'], {
        env: { WHCTL_BASE_URL: envApi.url },
      });
      expect(json(result)[0].name).to.equal('flag');
    });

    it('selects a named profile with --profile and says when it does not exist', async () => {
      await run(['--profile', 'other', 'config', 'set', 'base_url', envApi.url]);
      await run(['--profile', 'other', 'config', 'set', 'token', 'other-token']);
      expect(json(await run(['locations', 'list', '--profile', 'other']))[0].name).to.equal('env');
      expect(seen(envApi)).to.deep.equal(['Token other-token']);
      const missing = await run(['locations', 'list', '--profile', 'nope']);
      expect(missing.code).to.equal(4);
      expect(missing.stderr).to.include('no profile "nope"');
    });
  });
});
