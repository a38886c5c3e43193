import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { SERVER_BIN } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { ConfigError, configFromEnv, settings } from '../src/config.js';

/** The operators' guide, whose Settings table lists every variable. */
const GUIDE = new URL('../../../docs/operators.md', import.meta.url);

describe('configuration', () => {
  it('has a default for every setting, listening on the loopback address only', () => {
    const config = configFromEnv({});
    expect(config).to.include({
      port: 3000,
      host: '127.0.0.1',
      baseHost: 'localhost',
      dataDir: '.data',
      poolSize: 10,
      trustProxy: false,
      logLevel: 'info',
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1_000,
      shutdownTimeoutMs: 10_000,
      rateLimitWindowS: 60,
      validateResponses: false,
    });
    expect(config.databaseUrl).to.equal(undefined);
    expect(config.metricsToken).to.equal(undefined);
    expect(config.logFormat).to.equal(undefined);
  });

  it('reads every setting from its variable, and lets a flag win over the environment', () => {
    const config = configFromEnv(
      {
        PORT: '8080',
        WH_HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://wh:secret@db.internal:5432/wh',
        WH_DB_POOL_SIZE: '25',
        WH_TRUST_PROXY: '1',
        WH_LOG_LEVEL: 'debug',
        WH_LOG_FORMAT: 'pretty',
        WH_METRICS_TOKEN: 'a-long-enough-metrics-token',
        WH_MAX_CONNECTIONS: '50',
        WH_RATE_LIMIT_WINDOW_S: '5',
      },
      { port: '9090' },
    );
    expect(config).to.include({
      port: 9090,
      host: '0.0.0.0',
      databaseUrl: 'postgres://wh:secret@db.internal:5432/wh',
      poolSize: 25,
      trustProxy: 1,
      logLevel: 'debug',
      logFormat: 'pretty',
      metricsToken: 'a-long-enough-metrics-token',
      maxConnections: 50,
      rateLimitWindowS: 5,
    });
  });

  it('reads WH_TRUST_PROXY as off, a number of proxies, or the addresses of the proxies to trust', () => {
    const trust = (value: string) => configFromEnv({ WH_TRUST_PROXY: value }).trustProxy;
    expect(trust('0')).to.equal(false);
    expect(trust('off')).to.equal(false);
    expect(trust('1'), 'one hop, as before').to.equal(1);
    expect(trust('true')).to.equal(1);
    expect(trust('2')).to.equal(2);
    expect(trust('10.0.0.0/8, loopback,2001:db8::1')).to.deep.equal(['10.0.0.0/8', 'loopback', '2001:db8::1']);
  });

  it('reads WH_METRICS_ADDRESS as a host and a port', () => {
    expect(configFromEnv({ WH_METRICS_ADDRESS: '127.0.0.1:9464' }).metricsAddress).to.deep.equal({
      host: '127.0.0.1',
      port: 9464,
    });
    expect(configFromEnv({ WH_METRICS_ADDRESS: '[::1]:0' }).metricsAddress).to.deep.equal({ host: '::1', port: 0 });
    expect(configFromEnv({}).metricsAddress).to.equal(undefined);
  });

  const refusals: [Record<string, string>, RegExp][] = [
    [{ PORT: 'abc' }, /^PORT must be an integer from 0 to 65535, got "abc"$/],
    [{ PORT: '70000' }, /^PORT must be an integer/],
    [{ PORT: '30.5' }, /^PORT must be an integer/],
    [{ WH_HOST: 'not a host' }, /^WH_HOST must be a host name or an IP address/],
    [{ WH_LOG_LEVEL: 'loud' }, /^WH_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
    [{ WH_LOG_FORMAT: 'xml' }, /^WH_LOG_FORMAT must be one of json, pretty/],
    [
      { WH_DEFAULT_SUBDOMAIN: 'acme.localhost' },
      /^WH_DEFAULT_SUBDOMAIN must be one label of a host name, such as acme/,
    ],
    [{ WH_TRUST_PROXY: 'maybe' }, /^WH_TRUST_PROXY must be 0, a number of proxies from 1 to 10, or their addresses/],
    [{ WH_TRUST_PROXY: '10.0.0.0/33' }, /^WH_TRUST_PROXY must be 0, a number of proxies/],
    [{ WH_TRUST_PROXY: '11' }, /^WH_TRUST_PROXY must be 0, a number of proxies/],
    [{ WH_METRICS_ADDRESS: '9464' }, /^WH_METRICS_ADDRESS must be host:port, such as 127.0.0.1:9464/],
    [{ WH_METRICS_ADDRESS: 'localhost:99999' }, /^WH_METRICS_ADDRESS must be host:port/],
    [{ WH_DB_POOL_SIZE: '0' }, /^WH_DB_POOL_SIZE must be an integer from 1 to 1000/],
    // A window can be shortened for a test deployment, never made longer than section 8's minute.
    [{ WH_RATE_LIMIT_WINDOW_S: '61' }, /^WH_RATE_LIMIT_WINDOW_S must be an integer from 1 to 60, got "61"$/],
    [{ WH_RATE_LIMIT_WINDOW_S: '0' }, /^WH_RATE_LIMIT_WINDOW_S must be an integer from 1 to 60/],
    [{ WH_HEADERS_TIMEOUT_MS: '-5' }, /^WH_HEADERS_TIMEOUT_MS must be an integer/],
    [{ WH_HEADERS_TIMEOUT_MS: '60000' }, /^WH_HEADERS_TIMEOUT_MS must not be longer than WH_REQUEST_TIMEOUT_MS$/],
  ];
  for (const [env, message] of refusals) {
    it(`refuses ${JSON.stringify(env)} with a message naming the setting`, () => {
      expect(() => configFromEnv(env)).to.throw(ConfigError, message);
    });
  }

  it('never echoes a secret setting it refuses', () => {
    for (const env of [{ DATABASE_URL: 'mysql://wh:hunter2@db/wh' }, { WH_METRICS_TOKEN: 'hunter2' }]) {
      let message = '';
      try {
        configFromEnv(env);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).to.match(/^(DATABASE_URL|WH_METRICS_TOKEN) must/);
      expect(message).not.to.include('hunter2');
    }
  });

  it('stops wh-server at start with one line and exit status 1 for a bad value', () => {
    const result = spawnSync(process.execPath, [SERVER_BIN, 'start'], {
      env: { ...process.env, PORT: 'abc' },
      encoding: 'utf8',
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.equal('wh-server: PORT must be an integer from 0 to 65535, got "abc"');
  });

  it("lists every setting in wh-server --help and in the operators' guide", () => {
    const help = spawnSync(process.execPath, [SERVER_BIN, '--help'], { encoding: 'utf8' }).stdout;
    const guide = readFileSync(GUIDE, 'utf8');
    for (const spec of Object.values(settings)) {
      expect(help, spec.env).to.include(`  ${spec.env} `);
      expect(guide, spec.env).to.include(`| \`${spec.env}\` |`);
    }
  });
});
