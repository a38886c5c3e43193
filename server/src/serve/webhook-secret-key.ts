// The key `wh-server start` encrypts webhook secrets under (DECISIONS 435), so that no two
// deployments share one: WH_WEBHOOK_SECRET_KEY when set; on the embedded database, a random key
// made at its first start and kept in a file beside it (one process owns that database, so one
// file serves it); with `--demo` on a DATABASE_URL, the demo's public key; otherwise none, and
// the server refuses to start, naming the setting. Then, at every start, secrets still under
// another key are re-encrypted under it, and the log says what could not be.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, type ServerConfig } from '../config.js';
import type { Orm } from '../db/orm.js';
import type { Logger } from '../logging/logger.js';
import { systemReason } from '../system-error.js';
import { reencryptSecrets } from '../webhooks/rekey.js';
import { DEMO_WEBHOOK_SECRET_KEY } from '../webhooks/secrets.js';
import { webhookSettings } from '../webhooks/settings.js';

/** The key file's name in WH_DATA_DIR. */
export const KEY_FILE = 'webhook-secret-key';

/** What WH_WEBHOOK_SECRET_KEY accepts (config.ts). */
const USABLE = /^[\x21-\x7e]{16,256}$/;

/** Endpoint ids a log line lists, at most. */
const LISTED = 100;

function keyFile(dataDir: string, logger: Logger): string {
  const file = join(resolve(dataDir), KEY_FILE);
  const cannot = (what: string, error: unknown) => {
    const reason = systemReason(error);
    if (!reason) throw error;
    return new ConfigError(`cannot ${what} the webhook secret key ${file}: ${reason}`);
  };
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw cannot('read', error);
    key = randomBytes(32).toString('base64url');
    try {
      writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    } catch (writing) {
      throw cannot('write', writing);
    }
    logger.warn(
      `WH_WEBHOOK_SECRET_KEY is not set: webhook secrets are encrypted under a random key made now in ${file}; ` +
        'back it up apart from the database, since without it they cannot be read (DECISIONS 435)',
    );
    return key;
  }
  if (!USABLE.test(key))
    throw new ConfigError(`${file} does not hold a webhook secret key (16 to 256 printable characters)`);
  logger.info(`webhook secrets are encrypted under the key in ${file} (WH_WEBHOOK_SECRET_KEY is not set)`);
  return key;
}

/** The key this process encrypts webhook secrets under; ConfigError when there is none to use. */
export function webhookSecretKey(
  config: Pick<ServerConfig, 'webhookSecretKey' | 'databaseUrl' | 'dataDir'>,
  demo: boolean,
  logger: Logger,
): string {
  if (config.webhookSecretKey === DEMO_WEBHOOK_SECRET_KEY && !demo)
    throw new ConfigError("WH_WEBHOOK_SECRET_KEY is the demo's key, which is public; choose a key of your own");
  if (config.webhookSecretKey) return config.webhookSecretKey;
  if (!config.databaseUrl) return keyFile(config.dataDir, logger);
  if (demo) {
    logger.warn(
      "webhook secrets are encrypted under the demo's public key (--demo, WH_WEBHOOK_SECRET_KEY is not set): " +
        'keep real receivers away from this deployment',
    );
    return DEMO_WEBHOOK_SECRET_KEY;
  }
  throw new ConfigError(
    'WH_WEBHOOK_SECRET_KEY must be set with DATABASE_URL: the key webhook secrets are encrypted under, the same in ' +
      "every process and kept apart from the database's backups (e.g. the output of openssl rand -base64 32)",
  );
}

/** Re-encrypts stored secrets under the current key, saying what it did and what it could not. */
export async function reencryptWebhookSecrets(
  orm: Orm,
  config: Pick<ServerConfig, 'webhookAllowPrivate' | 'webhookSecretKey' | 'webhookPreviousSecretKey'>,
  logger: Logger,
): Promise<void> {
  const { reencrypted, fromDemoKey, unreadable } = await reencryptSecrets(orm.em.fork(), webhookSettings(config).keys);
  if (reencrypted) logger.info(`re-encrypted the secrets of ${reencrypted} webhook endpoints under the current key`);
  if (fromDemoKey.length)
    logger.warn(
      { endpoints: fromDemoKey.slice(0, LISTED) },
      `${fromDemoKey.length} webhook endpoints had their secrets stored under the demo's public key, as every ` +
        'deployment without WH_WEBHOOK_SECRET_KEY did before: anyone holding an older backup can read them, so have ' +
        'each rotated (POST /webhook_endpoints/{id}/rotate_secret) (DECISIONS 435)',
    );
  if (unreadable.length)
    logger.warn(
      { endpoints: unreadable.slice(0, LISTED) },
      `${unreadable.length} webhook endpoints have secrets under a key this process does not hold: their deliveries ` +
        'fail with secret_unreadable until WH_WEBHOOK_PREVIOUS_SECRET_KEY names that key or the secrets are rotated',
    );
}
