// Stored webhook secrets brought under the current key (DECISIONS 435), at every start: those a
// rotation left under the previous key, those stored before keys had ids (`v1`), and those that
// were stored under the demo's public key by a deployment without a key setting. A replaced
// secret whose day of overlap is over never signs again (DECISIONS 244), so it is dropped rather
// than kept under an old key.
import type { EntityManager } from '@mikro-orm/postgresql';
import { affectedRows, rows, sql } from '../sql/statements.js';
import type { SecretKeys } from './secrets.js';

/** Endpoints read per statement. */
const BATCH = 500;

/** An endpoint as its organization's admin names it: the organization's subdomain and the id the API shows. */
export interface NamedEndpoint {
  organization: string;
  id: number;
}

export interface Rekeyed {
  /** Endpoints whose secrets are now under the current key. */
  reencrypted: number;
  /** Those among them that were under the demo's key: anyone with a backup can read their secrets. */
  fromDemoKey: NamedEndpoint[];
  /** Endpoints whose secret no key of this process reads: their deliveries fail with `secret_unreadable`. */
  unreadable: NamedEndpoint[];
}

interface Row {
  id: number;
  organizationId: number;
  name: NamedEndpoint;
  secret: string;
  previousSecret: string | null;
  previousSigns: boolean;
}

export async function reencryptSecrets(em: EntityManager, keys: SecretKeys): Promise<Rekeyed> {
  const done: Rekeyed = { reencrypted: 0, fromDemoKey: [], unreadable: [] };
  const prefix = keys.currentPrefix;
  for (let after = 0; ; ) {
    const found = await rows<Row>(
      em,
      sql`select w.id, w.organization_id as "organizationId", secret, previous_secret as "previousSecret",
          coalesce(previous_secret_expires_at > now(), false) as "previousSigns",
          json_build_object('organization', o.subdomain, 'id', w.public_id) as name
        from webhook_endpoints w join organizations o on o.id = w.organization_id
        where w.id > ${after} and (not starts_with(secret, ${prefix}) or not starts_with(previous_secret, ${prefix}))
        order by w.id limit ${BATCH}`,
    );
    for (const row of found) await reencrypt(em, keys, row, done);
    if (found.length < BATCH) return done;
    after = found[found.length - 1]!.id;
  }
}

/** The stored form under the current key, and whether it was under the demo's; throws when unreadable. */
function underCurrentKey(keys: SecretKeys, endpointId: number, stored: string): { stored: string; fromDemo: boolean } {
  if (stored.startsWith(keys.currentPrefix)) return { stored, fromDemo: false };
  const opened = keys.open(endpointId, stored);
  return { stored: keys.encrypt(endpointId, opened.secret), fromDemo: opened.underDemoKey };
}

async function reencrypt(em: EntityManager, keys: SecretKeys, row: Row, done: Rekeyed): Promise<void> {
  let secret: ReturnType<typeof underCurrentKey>;
  try {
    secret = underCurrentKey(keys, row.id, row.secret);
  } catch {
    done.unreadable.push(row.name);
    return;
  }
  let previous: ReturnType<typeof underCurrentKey> | undefined;
  if (row.previousSecret !== null && row.previousSigns) {
    try {
      previous = underCurrentKey(keys, row.id, row.previousSecret);
    } catch {
      // It does not sign from this process either; kept for a process that holds its key.
      previous = { stored: row.previousSecret, fromDemo: false };
    }
  }
  const previousSecret = previous?.stored ?? null;
  if (secret.stored === row.secret && previousSecret === row.previousSecret) return;
  // Only if no one changed the row meanwhile (a rotation, another process starting).
  const written = await affectedRows(
    em,
    sql`update webhook_endpoints set secret = ${secret.stored}, previous_secret = ${previousSecret}
      where organization_id = ${row.organizationId} and id = ${row.id} and secret = ${row.secret}
        and previous_secret is not distinct from ${row.previousSecret}::text`,
  );
  if (written !== 1) return;
  done.reencrypted++;
  if (secret.fromDemo || previous?.fromDemo) done.fromDemoKey.push(row.name);
}
