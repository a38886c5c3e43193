import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import {
  SERVER_BIN,
  send,
  startChildServer,
  stopChildServer,
  TEST_BASE_HOST,
  testDatabaseUrl,
  uniqueId,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { parse } from 'yaml';
import { DEMO_FIXTURE } from '../src/provision/demo.js';
import { childEnv, fixtureFile } from './support/child-env.js';

const env = (extra: NodeJS.ProcessEnv = {}) => childEnv(extra);

describe('wh-server', () => {
  it('starts with a fixture, prints its addresses and users but none of its tokens, serves the API', async () => {
    const id = uniqueId('s');
    const { child, port, output } = await startChildServer(['--fixture', fixtureFile(id)], env());
    try {
      expect(output())
        .to.include(`http://${id}.${TEST_BASE_HOST}:${port}/api/v1`)
        .and.include(`http://${TEST_BASE_HOST}:${port}/docs`)
        .and.include('user admin; Toronto DC: admin');
      expect(output()).not.to.include('-token');
      const res = await send(port, `${id}.${TEST_BASE_HOST}`, 'GET', '/api/v1/locations', {
        headers: { authorization: `Token ${id}-admin-token` },
      });
      expect(res.status).to.equal(200);
      expect(res.body.map((l: { name: string }) => l.name)).to.deep.equal([
        'Auckland DC',
        'Toronto DC',
        'Vancouver DC',
      ]);
    } finally {
      expect(await stopChildServer(child)).to.equal(0);
    }
    expect(output()).not.to.include(`${id}-admin-token`);
  });

  it('serves the bundled demo with --demo, printing its demo tokens, a curl line, a whctl listen line and the docs page', async () => {
    const { child, port, output } = await startChildServer(['--demo'], env());
    try {
      expect(output())
        .to.include('token acme-admin-token')
        .and.include(`try: curl -H 'Authorization: Token acme-admin-token' http://acme.${TEST_BASE_HOST}:${port}`)
        .and.include(`API reference  http://${TEST_BASE_HOST}:${port}/docs`)
        .and.include(
          `events: whctl listen --base-url http://acme.${TEST_BASE_HOST}:${port} --token acme-admin-token --forward-to http://localhost:4242/hook`,
        );
      const res = await send(port, `acme.${TEST_BASE_HOST}`, 'GET', '/api/v1/locations', {
        headers: { authorization: 'Token acme-admin-token' },
      });
      expect(res.status).to.equal(200);
      // The base host answers as Acme too, for clients that cannot resolve its subdomain (DECISIONS 462).
      expect(output()).to.match(new RegExp(`\\n  and +http://${TEST_BASE_HOST}:${port}/api/v1  \\(the base host`));
      const bare = await send(port, TEST_BASE_HOST, 'GET', '/api/v1/locations', {
        headers: { authorization: 'Token acme-admin-token' },
      });
      expect(bare.body).to.deep.equal(res.body);
    } finally {
      await stopChildServer(child);
    }
  });

  it("prints the bundled demo's conformance profile with profile --demo, as profile of its file does", () => {
    const profile = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [SERVER_BIN, 'profile', ...args, '--base-url-template', 'http://{subdomain}.x.test'],
        {
          env: env(),
          encoding: 'utf8',
        },
      );
    const demo = profile('--demo');
    expect(demo.status, demo.stderr).to.equal(0);
    const [header, ...body] = demo.stdout.split('\n');
    expect(header).to.equal('# Conformance profile for the bundled demo, printed by wh-server profile');
    expect(parse(body.join('\n'))).to.deep.include({ organization: 'http://acme.x.test' });
    const file = profile(DEMO_FIXTURE);
    expect(file.stdout.split('\n').slice(1)).to.deep.equal(body);
  });

  it('refuses --demo together with --fixture', () => {
    const result = spawnSync(process.execPath, [SERVER_BIN, 'start', '--demo', '--fixture', fixtureFile('x')], {
      env: env(),
      encoding: 'utf8',
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.equal('wh-server: --fixture and --demo cannot be used together');
  });

  it('migrates and provisions idempotently from the command line', () => {
    const id = uniqueId('s');
    const file = fixtureFile(id);
    const migrate = spawnSync(process.execPath, [SERVER_BIN, 'migrate'], { env: env(), encoding: 'utf8' });
    expect(migrate.status, migrate.stderr).to.equal(0);
    expect(migrate.stdout).to.include('up to date');
    for (let run = 0; run < 2; run++) {
      const result = spawnSync(process.execPath, [SERVER_BIN, 'provision', file], { env: env(), encoding: 'utf8' });
      expect(result.status, result.stderr).to.equal(0);
      expect(result.stdout).to.include(`provisioned ${id}`);
      expect(result.stdout).not.to.include(`${id}-admin-token`);
    }
  });

  it('fails with a one-line reason and exit status 1 for an invalid file', () => {
    const file = join(tempDir('wh-fixture-'), 'bad.yaml');
    writeFileSync(file, 'organizations:\n  - name: Broken\n');
    const result = spawnSync(process.execPath, [SERVER_BIN, 'provision', file], { env: env(), encoding: 'utf8' });
    expect(result.status).to.equal(1);
    expect(result.stderr).to.include('is not a valid provisioning file').and.include('subdomain');
    expect(result.stderr).not.to.include('    at ');
  });

  describe('says what the operator must change in one line, without a stack, exit status 1', () => {
    const folder = tempDir('wh-mistakes-');
    const missing = join(folder, 'missing.yaml');
    const notYaml = join(folder, 'not-yaml.yaml');
    writeFileSync(notYaml, 'organizations: [\n  - name: Broken\n');
    const twoProblems = join(folder, 'two-problems.yaml');
    writeFileSync(twoProblems, 'organizations:\n  - name: Broken\n    locations: 7\n');
    const aFile = join(folder, 'a-file');
    writeFileSync(aFile, '');
    const withPassword = (password: string) => {
      const url = new URL(testDatabaseUrl());
      url.password = password;
      return url.toString();
    };
    const cases: { title: string; args: string[]; env?: () => NodeJS.ProcessEnv; line: string | RegExp }[] = [
      {
        title: 'profile of a file that does not exist',
        args: ['profile', missing],
        line: `cannot read ${missing}: no such file or directory`,
      },
      { title: 'profile of a directory', args: ['profile', folder], line: `cannot read ${folder}: it is a directory` },
      {
        title: 'provision of a file that does not exist, before any database is opened',
        args: ['provision', missing],
        env: () => ({ DATABASE_URL: '', WH_DATA_DIR: join(folder, 'never-made') }),
        line: `cannot read ${missing}: no such file or directory`,
      },
      {
        title: 'start with a fixture that does not exist',
        args: ['start', '--fixture', missing],
        line: `cannot read ${missing}: no such file or directory`,
      },
      {
        title: 'a file that is not YAML (the parser draws the place over several lines)',
        args: ['profile', notYaml],
        line: /^ is not a valid provisioning file: not YAML or JSON: .* at line 2, column 3$/,
      },
      {
        title: 'a file with two problems',
        args: ['profile', twoProblems],
        line: /is not a valid provisioning file: .*subdomain.*; .*locations/,
      },
      {
        title: 'profile with neither a file nor --demo',
        args: ['profile'],
        line: 'give a provisioning file, or --demo for the bundled demo',
      },
      {
        title: 'profile with a file and --demo',
        args: ['profile', '--demo', missing],
        line: 'give a provisioning file or --demo, not both',
      },
      {
        title: 'a data directory where a file is',
        args: ['migrate'],
        env: () => ({ DATABASE_URL: '', WH_DATA_DIR: aFile }),
        line: `cannot make the data directory ${aFile} (WH_DATA_DIR): a file is in the way`,
      },
      {
        title: 'a database where nothing listens',
        args: ['migrate'],
        env: () => ({ DATABASE_URL: 'postgres://wh:secret@127.0.0.1:1/wh' }),
        line: 'cannot connect to PostgreSQL at 127.0.0.1:1/wh (DATABASE_URL): nothing listens there',
      },
      {
        title: 'a database that refuses the password, which is not printed',
        args: ['migrate'],
        env: () => ({ DATABASE_URL: withPassword('not-the-password') }),
        line: /^cannot connect to PostgreSQL at .* \(DATABASE_URL\): password authentication failed for user "postgres"$/,
      },
    ];
    for (const { title, args, env: extra, line } of cases) {
      it(title, () => {
        const result = spawnSync(process.execPath, [SERVER_BIN, ...args], { env: env(extra?.()), encoding: 'utf8' });
        expect(result.status, result.stderr).to.equal(1);
        const lines = result.stderr.trimEnd().split('\n');
        expect(lines, result.stderr).to.have.length(1);
        expect(lines[0]).to.match(/^wh-server: /);
        const said = lines[0]!.slice('wh-server: '.length);
        if (typeof line === 'string') expect(said).to.equal(line);
        else expect(said.replace(notYaml, '')).to.match(line);
        expect(result.stderr).not.to.include('not-the-password');
      });
    }
    it('and starts no PostgreSQL for a file it cannot read', () => {
      expect(existsSync(join(folder, 'never-made'))).to.equal(false);
    });
  });

  it('refuses a port already in use before starting PostgreSQL, in one line naming the setting', async () => {
    const occupier = createServer();
    await new Promise<void>((resolve) => occupier.listen(0, '127.0.0.1', resolve));
    const { port } = occupier.address() as AddressInfo;
    // The embedded PostgreSQL would make its data directory first thing: none means it never started.
    const dataDir = join(tempDir('wh-port-'), 'data');
    try {
      const refusals = [
        { args: ['--port', String(port)], setting: '--port or PORT' },
        { args: ['--port', '0'], env: { WH_METRICS_ADDRESS: `127.0.0.1:${port}` }, setting: 'WH_METRICS_ADDRESS' },
      ];
      for (const refusal of refusals) {
        const result = spawnSync(process.execPath, [SERVER_BIN, 'start', ...refusal.args], {
          env: env({ DATABASE_URL: '', WH_DATA_DIR: dataDir, ...refusal.env }),
          encoding: 'utf8',
        });
        expect(result.status, result.stderr).to.equal(1);
        expect(result.stderr).to.equal(
          `wh-server: port ${port} is already in use on 127.0.0.1; choose another with ${refusal.setting}\n`,
        );
        expect(existsSync(dataDir), 'a data directory was made').to.equal(false);
      }
    } finally {
      occupier.close();
    }
  });

  it('rejects an invalid port before starting', () => {
    const result = spawnSync(process.execPath, [SERVER_BIN, 'start', '--port', 'eighty'], {
      env: env(),
      encoding: 'utf8',
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.equal('wh-server: --port must be an integer from 0 to 65535, got "eighty"');
  });
});
