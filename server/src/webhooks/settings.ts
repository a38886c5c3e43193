// What webhook endpoints need of the server's configuration (DECISIONS 242, 244, 252, 435).
import { ConfigError, type ServerConfig } from '../config.js';
import { SecretKeys } from './secrets.js';

export interface WebhookSettings {
  /** Whether URLs may reach loopback, private and link-local addresses. */
  allowPrivate: boolean;
  /** The keys secrets are stored under: the current one, and the one a rotation replaces. */
  keys: SecretKeys;
}

/** Throws ConfigError without a key: `wh-server start` finds one (DECISIONS 435); an in-process caller gives its own. */
export function webhookSettings(
  config: Pick<ServerConfig, 'webhookAllowPrivate' | 'webhookSecretKey' | 'webhookPreviousSecretKey'>,
): WebhookSettings {
  if (!config.webhookSecretKey)
    throw new ConfigError('WH_WEBHOOK_SECRET_KEY must be set: the key webhook secrets are encrypted under');
  return {
    allowPrivate: config.webhookAllowPrivate,
    keys: new SecretKeys(config.webhookSecretKey, config.webhookPreviousSecretKey),
  };
}
