import { createHash } from 'node:crypto';

/** API tokens are stored and looked up only by this digest, never as they are sent. */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
