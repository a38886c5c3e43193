// The key webhook secrets are stored under (DECISIONS 435), an extension beyond the reference: no
// two deployments share one. The demo's public key serves `--demo` on a DATABASE_URL alone; the
// embedded database gets a random key in a file of its data directory; any other deployment
// without WH_WEBHOOK_SECRET_KEY refuses to start. Secrets under a previous key, or under the
// demo's key from before this rule, are re-encrypted at start and keep signing.
import { spawnSync } from 'node:child_process';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { generateWebhookSecret } from '@warehouse-kit/spec/webhook-signature';
import { tempDir } from '@warehouse-kit/testing';
import {
  SERVER_BIN,
  send,
  startChildServer,
  startWorld,
  stopChildServer,
  TEST_BASE_HOST,
  testOrm,
  testWebhookSecretKey,
  uniqueId,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createLogger, type Logger } from '../src/logging/logger.js';
import { KEY_FILE, webhookSecretKey } from '../src/serve/webhook-secret-key.js';
import { reencryptSecrets } from '../src/webhooks/rekey.js';
import { DEMO_WEBHOOK_SECRET_KEY, SecretKeys, signingSecrets } from '../src/webhooks/secrets.js';
import { childEnv } from './support/child-env.js';
import { rowIdOf } from './support/record-rows.js';
import { startReceiver, verifies } from './support/webhook-receiver.js';
import { fastWebhooks } from './support/webhook-worker.js';

/** A stored secret as wh-server wrote it before keys had ids: `v1.<nonce>.<tag>.<ciphertext>`. */
function v1Form(key: string, endpointId: number, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), nonce);
  cipher.setAAD(Buffer.from(`webhook_endpoint:${endpointId}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
}

/** The environment of a wh-server without a key of its own. */
function withoutKey(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { WH_WEBHOOK_SECRET_KEY: _ignored, ...env } = process.env;
  return { ...env, ...extra };
}

async function recordingLogger(): Promise<{ logger: Logger; lines: Record<string, any>[] }> {
  const lines: Record<string, any>[] = [];
  const logger = await createLogger(
    { logLevel: 'debug', logFormat: 'json' },
    { write: (line: string) => void lines.push(JSON.parse(line)) },
  );
  return { logger, lines };
}

const start = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  spawnSync(process.execPath, [SERVER_BIN, 'start', '--port', '0', ...args], { env, encoding: 'utf8' });

describe('the key of webhook secrets (extension)', function () {
  this.timeout(180_000);

  describe('where wh-server start takes it from', () => {
    // Nothing listens there: a refusal before connecting names the key, not the database.
    const unreachable = 'postgres://wh:secret@127.0.0.1:1/wh';

    it('refuses to start on a DATABASE_URL without WH_WEBHOOK_SECRET_KEY, in one line naming it, before connecting', () => {
      const result = start(withoutKey({ DATABASE_URL: unreachable }));
      expect(result.status, result.stderr).to.equal(1);
      expect(result.stderr.trimEnd().split('\n'), result.stderr).to.deep.equal([
        'wh-server: WH_WEBHOOK_SECRET_KEY must be set with DATABASE_URL: the key webhook secrets are encrypted ' +
          "under, the same in every process and kept apart from the database's backups (e.g. the output of " +
          'openssl rand -base64 32)',
      ]);
    });

    it("refuses the demo's key as the key of any deployment but the demo", () => {
      const result = start(withoutKey({ DATABASE_URL: unreachable, WH_WEBHOOK_SECRET_KEY: DEMO_WEBHOOK_SECRET_KEY }));
      expect(result.status, result.stderr).to.equal(1);
      expect(result.stderr).to.equal(
        "wh-server: WH_WEBHOOK_SECRET_KEY is the demo's key, which is public; choose a key of your own\n",
      );
    });

    it('makes a random key for an embedded database in a 0600 file of its data directory, says where, and reads it again', async () => {
      const { logger, lines } = await recordingLogger();
      const config = (dataDir: string) => ({ dataDir, databaseUrl: undefined, webhookSecretKey: undefined });
      const dataDir = tempDir('wh-key-');
      const file = join(dataDir, KEY_FILE);

      const made = webhookSecretKey(config(dataDir), false, logger);
      expect(made).to.match(/^[\w-]{43}$/);
      expect(readFileSync(file, 'utf8')).to.equal(`${made}\n`);
      expect(statSync(file).mode & 0o777).to.equal(0o600);
      expect(lines).to.have.length(1);
      expect(lines[0]!.msg).to.include(`made now in ${file}`);

      // The next start reads it, and the demo on that database too; another database has its own.
      expect(webhookSecretKey(config(dataDir), true, logger)).to.equal(made);
      expect(lines[1]!.msg).to.equal(
        `webhook secrets are encrypted under the key in ${file} (WH_WEBHOOK_SECRET_KEY is not set)`,
      );
      expect(webhookSecretKey(config(tempDir('wh-key-')), false, logger)).to.not.equal(made);
      // The setting wins over the file.
      const setting = 'a-key-the-operator-chose';
      expect(webhookSecretKey({ ...config(dataDir), webhookSecretKey: setting }, false, logger)).to.equal(setting);
    });

    it("keeps the demo's key to --demo on a DATABASE_URL, saying so", async () => {
      const { logger, lines } = await recordingLogger();
      const config = { dataDir: tempDir('wh-key-'), databaseUrl: unreachable, webhookSecretKey: undefined };
      expect(webhookSecretKey(config, true, logger)).to.equal(DEMO_WEBHOOK_SECRET_KEY);
      expect(lines.map((line) => line.level)).to.deep.equal(['warn']);
      expect(lines[0]!.msg).to.include("the demo's public key (--demo");
    });
  });

  describe('the stored secrets', () => {
    const secretOf = async (id: number) =>
      (await (await testOrm()).em.getKnex()('webhook_endpoints').where({ id }).first('secret', 'previous_secret')) as {
        secret: string;
        previous_secret: string | null;
      };
    const store = async (id: number, secret: string, previous: string | null = null, overlapEnds = new Date()) =>
      (await testOrm()).em
        .getKnex()('webhook_endpoints')
        .where({ id })
        .update({ secret, previous_secret: previous, previous_secret_expires_at: previous && overlapEnds });
    const tomorrow = () => new Date(Date.now() + 86_400_000);

    it('reads secrets under the previous key while a rotation runs, re-encrypts them, then needs only the new key', async () => {
      const { server, world } = await startWorld({ config: { webhookAllowPrivate: true } });
      try {
        const created = await world.as('admin').post('/webhook_endpoints', {
          webhook_endpoint: { url: 'http://127.0.0.1/rotating', enabled: false },
        });
        const { id, secret } = created.body as { id: number; secret: string };
        // Secrets are sealed with the row's id, which the API does not show.
        const rowId = await rowIdOf(world, 'webhook_endpoints', id);
        const named = { organization: world.id, id };
        const [older, newer] = ['an-older-key-of-ours', 'a-newer-key-of-ours'];
        const replaced = generateWebhookSecret();
        await store(
          rowId,
          new SecretKeys(older).encrypt(rowId, secret),
          new SecretKeys(older).encrypt(rowId, replaced),
          tomorrow(),
        );

        const rotating = new SecretKeys(newer, older);
        const before = await secretOf(rowId);
        expect(signingSecrets(rotating, rowId, before.secret, before.previous_secret)).to.deep.equal([
          secret,
          replaced,
        ]);
        expect(() => new SecretKeys(newer).open(rowId, before.secret)).to.throw();

        const rekeyed = await reencryptSecrets((await testOrm()).em.fork(), rotating);
        expect(rekeyed.unreadable).to.not.deep.include(named);
        expect(rekeyed.fromDemoKey).to.not.deep.include(named);
        const stored = await secretOf(rowId);
        expect(stored.secret.startsWith(rotating.currentPrefix)).to.equal(true);
        expect(signingSecrets(new SecretKeys(newer), rowId, stored.secret, stored.previous_secret)).to.deep.equal([
          secret,
          replaced,
        ]);
        expect(() => new SecretKeys(older).open(rowId, stored.secret)).to.throw();
        // Nothing is left to re-encrypt, and a secret no key here reads is left alone, named.
        expect((await reencryptSecrets((await testOrm()).em.fork(), rotating)).reencrypted).to.equal(0);
        const foreign = new SecretKeys('a-key-nobody-here-holds').encrypt(rowId, secret);
        await store(rowId, foreign);
        expect((await reencryptSecrets((await testOrm()).em.fork(), rotating)).unreadable).to.deep.include(named);
        expect((await secretOf(rowId)).secret).to.equal(foreign);
        await world.as('admin').delete(`/webhook_endpoints/${id}`);
      } finally {
        await server.close();
      }
    });

    it("encrypts under the deployment's key, which the demo's key does not open", async () => {
      const { server, world } = await startWorld({ config: { webhookAllowPrivate: true } });
      try {
        const created = await world.as('admin').post('/webhook_endpoints', {
          webhook_endpoint: { url: 'http://127.0.0.1/own-key', enabled: false },
        });
        const { id, secret } = created.body as { id: number; secret: string };
        const rowId = await rowIdOf(world, 'webhook_endpoints', id);
        const stored = (await secretOf(rowId)).secret;
        expect(new SecretKeys(testWebhookSecretKey()).open(rowId, stored).secret).to.equal(secret);
        expect(() => new SecretKeys(DEMO_WEBHOOK_SECRET_KEY).open(rowId, stored)).to.throw();
        await world.as('admin').delete(`/webhook_endpoints/${id}`);
      } finally {
        await server.close();
      }
    });

    it("re-encrypts on upgrade what the demo's key held, names those endpoints for rotation, and keeps signing", async () => {
      const { server, world } = await startWorld({ config: { webhookAllowPrivate: true } });
      const receiver = await startReceiver();
      let child: Awaited<ReturnType<typeof startChildServer>> | undefined;
      try {
        const created = await world.as('admin').post('/webhook_endpoints', {
          webhook_endpoint: { url: receiver.url, event_types: ['product.*'] },
        });
        const { id, secret } = created.body as { id: number; secret: string };
        const rowId = await rowIdOf(world, 'webhook_endpoints', id);
        // As a deployment without WH_WEBHOOK_SECRET_KEY stored it before, the replaced one still signing.
        const replaced = generateWebhookSecret();
        await store(
          rowId,
          v1Form(DEMO_WEBHOOK_SECRET_KEY, rowId, secret),
          v1Form(DEMO_WEBHOOK_SECRET_KEY, rowId, replaced),
          tomorrow(),
        );

        child = await startChildServer([], childEnv(fastWebhooks));
        const warning = child
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line))
          .find((line) => line.msg?.includes("under the demo's public key"));
        expect(warning?.level).to.equal('warn');
        expect(warning?.endpoints).to.deep.include({ organization: world.id, id });
        expect(warning?.msg).to.include('rotate_secret');

        const stored = await secretOf(rowId);
        expect(() => new SecretKeys(DEMO_WEBHOOK_SECRET_KEY).open(rowId, stored.secret)).to.throw();
        expect(() => new SecretKeys(DEMO_WEBHOOK_SECRET_KEY).open(rowId, stored.previous_secret!)).to.throw();
        const product = await world
          .as('admin')
          .post('/products', { product: { name: uniqueId('Upgraded '), location_name: 'Toronto DC' } });
        expect(product.status).to.equal(200);
        const [delivery] = await receiver.waitFor(1, 60_000);
        expect(verifies(delivery!, secret)).to.equal(true);
        expect(verifies(delivery!, replaced)).to.equal(true);
        await world.as('admin').delete(`/webhook_endpoints/${id}`);
      } finally {
        if (child) await stopChildServer(child.child);
        await receiver.close();
        await server.close();
      }
    });
  });

  it('serves the demo on its embedded database under a key of its own, kept across restarts', async () => {
    const dataDir = tempDir('wh-embedded-key-');
    chmodSync(dataDir, 0o755);
    const { DATABASE_URL: _ignored, ...inherited } = withoutKey({});
    const env = { ...inherited, ...fastWebhooks, WH_DATA_DIR: dataDir, WH_BASE_HOST: TEST_BASE_HOST };
    const admin = { authorization: 'Token acme-admin-token' };
    const acme = `acme.${TEST_BASE_HOST}`;
    const file = join(dataDir, KEY_FILE);
    const receiver = await startReceiver();
    try {
      const first = await startChildServer(['--demo'], env);
      let secret: string;
      try {
        expect(statSync(file).mode & 0o777).to.equal(0o600);
        expect(first.output()).to.include(`made now in ${file}`);
        const created = await send(first.port, acme, 'POST', '/api/v1/webhook_endpoints', {
          headers: admin,
          body: { webhook_endpoint: { url: receiver.url, event_types: ['product.*'] } },
        });
        expect(created.status, JSON.stringify(created.body)).to.equal(200);
        secret = created.body.secret;
      } finally {
        await stopChildServer(first.child);
      }
      const second = await startChildServer(['--demo'], env);
      try {
        expect(second.output()).to.include(`under the key in ${file}`);
        const product = await send(second.port, acme, 'POST', '/api/v1/products', {
          headers: admin,
          body: { product: { name: 'Kept', sku: uniqueId('KEPT-'), location_name: 'Toronto DC' } },
        });
        expect(product.status).to.equal(200);
        const [delivery] = await receiver.waitFor(1, 60_000);
        expect(verifies(delivery!, secret)).to.equal(true);
      } finally {
        await stopChildServer(second.child);
      }
    } finally {
      await receiver.close();
    }
  });
});
