// What webhook endpoints need of the server's configuration (DECISIONS 242, 244, 252).
import type { ServerConfig } from '../config.js';
import { encryptionKey } from './secrets.js';

export interface WebhookSettings {
  /** Whether URLs may reach loopback, private and link-local addresses. */
  allowPrivate: boolean;
  /** The AES-256 key secrets are stored under. */
  key: Buffer;
}

export const webhookSettings = (
  config: Pick<ServerConfig, 'webhookAllowPrivate' | 'webhookSecretKey'>,
): WebhookSettings => ({
  allowPrivate: config.webhookAllowPrivate,
  key: encryptionKey(config.webhookSecretKey),
});
