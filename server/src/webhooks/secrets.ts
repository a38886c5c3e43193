// Webhook secrets (DECISIONS 244, 435), made and signed with as the contract's
// webhook-signature says (DECISIONS 480): shown once and kept encrypted with AES-256-GCM, since
// the server must sign with them, under the deployment's own key, whose id the stored form names.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The demo's key, public since it is written here. `wh-server start --demo` on a DATABASE_URL
 * without WH_WEBHOOK_SECRET_KEY encrypts under it; before DECISIONS 435 every deployment without
 * that setting did, so a stored form of that time (`v1`) is also tried with it, to be re-encrypted
 * under the deployment's key at start. No other deployment encrypts under it.
 */
export const DEMO_WEBHOOK_SECRET_KEY = 'wh-demo-webhook-secret-key-not-for-production';

/** A configured key: the AES key (SHA-256 of the string) and the short id stored forms name it by. */
class SecretKey {
  readonly aes: Buffer;
  readonly id: string;
  constructor(configured: string) {
    this.aes = createHash('sha256').update(configured).digest();
    // Derived from the key, so that it tells nothing of it; base64url holds no `.`.
    this.id = createHmac('sha256', this.aes).update('webhook secret key id').digest('base64url').slice(0, 12);
  }
}

const boundTo = (endpointId: number) => Buffer.from(`webhook_endpoint:${endpointId}`);

/** The secret sealed in `[nonce, tag, ciphertext]`, base64 each; throws when the key or the endpoint differs. */
function open(key: SecretKey, endpointId: number, [nonce, tag, sealed]: string[]): string {
  if (!nonce || !tag || !sealed) throw new Error('unknown form of stored webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', key.aes, Buffer.from(nonce, 'base64'));
  decipher.setAAD(boundTo(endpointId));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64')), decipher.final()]).toString('utf8');
}

/** A stored secret in clear, and whether it was stored under the demo's key by a deployment that has its own. */
export interface OpenedSecret {
  secret: string;
  underDemoKey: boolean;
}

/**
 * The keys a process holds: the current one, which encrypts, and the one it replaces while a
 * rotation runs (WH_WEBHOOK_PREVIOUS_SECRET_KEY), which only reads.
 */
export class SecretKeys {
  private readonly current: SecretKey;
  private readonly previous: SecretKey | undefined;
  private readonly demo: SecretKey;

  constructor(current: string, previous?: string) {
    this.current = new SecretKey(current);
    this.previous = previous === undefined ? undefined : new SecretKey(previous);
    this.demo = new SecretKey(DEMO_WEBHOOK_SECRET_KEY);
  }

  /** How every form stored under the current key begins. */
  get currentPrefix(): string {
    return `v2.${this.current.id}.`;
  }

  /** The stored form: `v2.<key id>.<nonce>.<tag>.<ciphertext>`, bound to the endpoint's id. */
  encrypt(endpointId: number, secret: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.aes, nonce);
    cipher.setAAD(boundTo(endpointId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const parts = [nonce, cipher.getAuthTag(), sealed].map((part) => part.toString('base64'));
    return `${this.currentPrefix}${parts.join('.')}`;
  }

  /**
   * The secret of a stored form; throws when no key of this process reads it. A `v2` form names
   * its key; a `v1` form (written before keys had ids) is tried with each key, the demo's last.
   */
  open(endpointId: number, stored: string): OpenedSecret {
    const [version, ...parts] = stored.split('.');
    if (version === 'v2') {
      const [id, ...sealed] = parts;
      const key = [this.current, this.previous].find((candidate) => candidate?.id === id);
      if (!key) throw new Error('the stored webhook secret is under a key this process does not hold');
      return this.opened(key, open(key, endpointId, sealed));
    }
    if (version !== 'v1') throw new Error('unknown form of stored webhook secret');
    for (const key of [this.current, this.previous, this.demo]) {
      if (!key) continue;
      try {
        return this.opened(key, open(key, endpointId, parts));
      } catch {
        // Another key, perhaps.
      }
    }
    throw new Error('the stored webhook secret is under a key this process does not hold');
  }

  private opened(key: SecretKey, secret: string): OpenedSecret {
    return { secret, underDemoKey: key.id === this.demo.id && this.current.id !== this.demo.id };
  }
}

/** The secrets that sign a delivery now, newest first, from their stored forms. */
export function signingSecrets(
  keys: SecretKeys,
  endpointId: number,
  stored: string,
  previous: string | null,
): string[] {
  const current = keys.open(endpointId, stored).secret;
  if (previous === null) return [current];
  // A secret stored under a key no longer held (rotated to recover from it) no longer signs.
  try {
    return [current, keys.open(endpointId, previous).secret];
  } catch {
    return [current];
  }
}
