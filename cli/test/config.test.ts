import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
      { profile: 'default', current: true, base_url: null, location_url: null, token: '(set)', extensions: null },
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

  it('rejects unknown keys, bad addresses, unknown extensions and an unset key', async () => {
    const key = await run(['config', 'set', 'tokn', 'x']);
    expect(key.code).to.equal(2);
    expect(key.stderr).to.include('expected one of base_url, location_url, token, extensions');
    const address = await run(['config', 'set', 'base_url', 'ftp://acme.example.com']);
    expect(address.code).to.equal(2);
    expect(address.stderr).to.include(
      'base_url "ftp://acme.example.com" is not an API address: expected an http or https',
    );
    const schemeless = await run(['config', 'set', 'base_url', 'acme.localhost:4200']);
    expect(schemeless.stderr).to.equal(
      'whctl: base_url "acme.localhost:4200" is not an API address: it has no scheme; ' +
        'write http://acme.localhost:4200 or https://acme.localhost:4200\n',
    );
    const extension = await run(['config', 'set', 'extensions', 'idempotency,etag']);
    expect(extension.code).to.equal(2);
    expect(extension.stderr).to.include(
      'extensions "idempotency,etag" names an unknown extension "etag"; ' +
        'expected a comma-separated list of idempotency, etags, or none',
    );
    expect(existsSync(join(configDir, 'config.yaml'))).to.equal(false);
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

    it('names the flag, variable or profile key an address came from, with its whole value, when it is not one', async () => {
      const flag = await run(['locations', 'list', '--base-url', 'acme.localhost:4200']);
      expect(flag.code).to.equal(2);
      expect(flag.stderr).to.equal(
        'whctl: --base-url "acme.localhost:4200" is not an API address: it has no scheme; ' +
          'write http://acme.localhost:4200 or https://acme.localhost:4200\n',
      );
      const variable = await run(['locations', 'list'], { env: { WHCTL_LOCATION_URL: 'acme-toronto.localhost' } });
      expect(variable.stderr).to.include('WHCTL_LOCATION_URL "acme-toronto.localhost" is not an API address');
      const config = join(configDir, 'config.yaml');
      writeFileSync(config, readFileSync(config, 'utf8').replace(profileApi.url, 'https://acme.example.com?x=1'));
      const profile = await run(['locations', 'list']);
      expect(profile.stderr).to.include(
        'base_url of profile "default" "https://acme.example.com?x=1" is not an API address: ' +
          'expected an http or https address without a query or fragment',
      );
      expect(seen(profileApi)).to.deep.equal([]);
    });

    describe('the extensions the deployment honours', () => {
      /** Answers a create 503, and 201 when it comes again at once with the same Idempotency-Key. */
      let api: Stub;
      beforeEach(async () => {
        api = await startStub((request, stub) => {
          const key = request.headers['idempotency-key'];
          const retried = key !== undefined && stub.requests.at(-2)?.headers['idempotency-key'] === key;
          return retried ? { status: 201, body: { id: 5 } } : { status: 503, body: { error: 'try again' } };
        });
        await run(['config', 'set', 'base_url', api.url]);
      });
      afterEach(() => api.close());
      const create = (args: string[] = [], env: RunOptions['env'] = {}) =>
        run(['companies', 'create', '--name', 'Fresh', '--type', 'customer', ...args], { env });
      const keys = () => api.requests.map((request) => request.headers['idempotency-key']);

      it('sends a create once by default: a 503 is exit 7 and no key was added', async () => {
        const result = await create();
        expect(result.code).to.equal(7);
        expect(keys()).to.deep.equal([undefined]);
      });

      it("retries a create after a 503 with one automatic key when the profile's extensions name idempotency", async () => {
        expect((await run(['config', 'set', 'extensions', 'idempotency,etags'])).code).to.equal(0);
        expect((await run(['config', 'get', 'extensions'])).stdout).to.equal('idempotency,etags\n');
        const result = await create();
        expect(result.code, result.stderr).to.equal(0);
        expect(keys()).to.have.length(2);
        expect(keys()[0]).to.match(/^[0-9a-f-]{36}$/);
        expect(keys()[1]).to.equal(keys()[0]);
      });

      it('takes WHCTL_EXTENSIONS over the profile, and --extensions over both', async () => {
        await run(['config', 'set', 'extensions', 'idempotency']);
        expect((await create([], { WHCTL_EXTENSIONS: 'none' })).code).to.equal(7);
        expect(keys()).to.deep.equal([undefined]);
        const flagged = await create(['--extensions', 'idempotency'], { WHCTL_EXTENSIONS: 'none' });
        expect(flagged.code, flagged.stderr).to.equal(0);
        expect(keys()).to.have.length(3);
      });

      it("keeps the caller's --idempotency-key, sent again after a 503 only when idempotency is declared", async () => {
        expect((await create(['--idempotency-key', 'erp-7'])).code).to.equal(7);
        const declared = await create(['--idempotency-key', 'erp-8'], { WHCTL_EXTENSIONS: 'idempotency' });
        expect(declared.code, declared.stderr).to.equal(0);
        expect(keys()).to.deep.equal(['erp-7', 'erp-8', 'erp-8']);
      });

      it('refuses an unknown extension, naming where it came from, before sending anything', async () => {
        const result = await create([], { WHCTL_EXTENSIONS: 'idempotent' });
        expect(result.code).to.equal(2);
        expect(result.stderr).to.include('WHCTL_EXTENSIONS "idempotent" names an unknown extension "idempotent"');
        expect(api.requests).to.deep.equal([]);
      });
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
