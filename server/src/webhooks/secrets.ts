// Webhook secrets (DECISIONS 244): `whsec_` and the base64 of 32 random bytes, shown once and
// kept encrypted with AES-256-GCM, since the server must sign with them; and the Standard
// Webhooks signature they make.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** Used when WH_WEBHOOK_SECRET_KEY is unset; the server warns at start. */
const DEMO_SECRET_KEY = 'wh-demo-webhook-secret-key-not-for-production';

/** A new secret, as the API shows it. */
export const newSecret = (): string => `${PREFIX}${randomBytes(32).toString('base64')}`;

/** The AES key a configured key string stands for. */
export const encryptionKey = (configured: string | undefined): Buffer =>
  createHash('sha256')
    .update(configured ?? DEMO_SECRET_KEY)
    .digest();

/** The stored form: `v1.<nonce>.<tag>.<ciphertext>`, base64 each, bound to the endpoint's id. */
export function encryptSecret(key: Buffer, endpointId: number, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(`webhook_endpoint:${endpointId}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
}

/** The secret of a stored form; throws when the key or the endpoint differs. */
export function decryptSecret(key: Buffer, endpointId: number, stored: string): string {
  const [version, nonce, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !nonce || !tag || !sealed) throw new Error('unknown form of stored webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64'));
  decipher.setAAD(Buffer.from(`webhook_endpoint:${endpointId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
}

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` with each secret, space-separated (DECISIONS 178). */
export function signature(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

/** The secrets that sign a delivery now, newest first, from their stored forms. */
export function signingSecrets(key: Buffer, endpointId: number, stored: string, previous: string | null): string[] {
  const current = decryptSecret(key, endpointId, stored);
  if (previous === null) return [current];
  // A secret stored under a key since replaced (rotated to recover from it) no longer signs.
  try {
    return [current, decryptSecret(key, endpointId, previous)];
  } catch {
    return [current];
  }
}
