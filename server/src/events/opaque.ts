// Event ids and feed cursors that say nothing of other organizations, nor of locations the reader
// cannot see (DECISIONS 334). Both name a row whose id counts every organization's events and a
// transaction whose id counts every organization's writes; shown as they are, the gaps between
// two an organization sees count the rest. So an event id is `evt_` and the FF1 encryption of
// its row id (a permutation of the 63-bit numbers, tweaked by the organization: unique, `evt_`
// and at most 19 digits as before, in no order), and a cursor is its position sealed with
// AES-256-GCM, bound to the organization, so that a cursor can be neither read nor made. A
// cursor's nonce is an HMAC of the organization and the position (a synthetic IV, as SIV modes
// make it): the same event shows the same cursor on every read and in its webhook body, and two
// positions never share a nonce. The key
// is the deployment's own, made at random by the migration that introduced it and kept in the
// database, so every process reads the same and ids stay the same across restarts.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BadInput, Expired } from '../domain/errors.js';
import type { Position } from './cursor.js';
import { Ff1 } from './ff1.js';

/** Row ids are bigint, below 2^63; so are the numbers FF1 makes of them on 63 bits. */
const ID_BITS = 63;

/** The first byte of a cursor's bytes, so that its form may change again. */
const CURSOR_FORM = 2;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const POSITION_BYTES = 16;
const CURSOR_BYTES = 1 + NONCE_BYTES + POSITION_BYTES + TAG_BYTES;

const organizationBytes = (organizationId: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(organizationId);
  return bytes;
};

const malformed = () => new BadInput('after must be a next_cursor or a cursor from this feed');

export class EventCodec {
  private readonly ids: Ff1;
  private readonly cursorKey: Buffer;
  private readonly nonceKey: Buffer;

  constructor(key: Buffer) {
    const derive = (purpose: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32));
    this.ids = new Ff1(derive('event ids'), 2, ID_BITS);
    this.cursorKey = derive('feed cursors');
    this.nonceKey = derive('feed cursor nonces');
  }

  /** The id the API shows for the organization's event row `rowId`. */
  eventId(organizationId: number, rowId: string): string {
    return `evt_${this.ids.encrypt(BigInt(rowId), organizationBytes(organizationId))}`;
  }

  /** The row id an id names in the organization; undefined for what no event id of it can be. */
  rowIdOf(organizationId: number, eventId: string): string | undefined {
    const digits = /^evt_(0|[1-9]\d{0,18})$/.exec(eventId)?.[1];
    if (digits === undefined || BigInt(digits) >= 2n ** BigInt(ID_BITS)) return undefined;
    return String(this.ids.decrypt(BigInt(digits), organizationBytes(organizationId)));
  }

  /** The cursor at `position`, readable only by this deployment and for this organization. */
  cursor(organizationId: number, position: Position): string {
    const organization = organizationBytes(organizationId);
    const plain = Buffer.alloc(POSITION_BYTES);
    plain.writeBigUInt64BE(BigInt(position.txid));
    plain.writeBigUInt64BE(BigInt(position.id), 8);
    const nonce = createHmac('sha256', this.nonceKey)
      .update(organization)
      .update(plain)
      .digest()
      .subarray(0, NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.cursorKey, nonce).setAAD(organization);
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([Buffer.from([CURSOR_FORM]), nonce, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /**
   * The position of a cursor this deployment gave for the organization; BadInput for any other,
   * Expired for one of the form handed out before ids and cursors became opaque.
   */
  position(organizationId: number, cursor: string): Position {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw malformed();
    const bytes = Buffer.from(cursor, 'base64url');
    if (/^v1\.\d{1,20}\.\d{1,19}$/.test(bytes.toString('latin1'))) {
      throw new Expired(
        'cursor expired: this server no longer reads cursors of the form it gave before; start again without after',
      );
    }
    if (bytes.length !== CURSOR_BYTES || bytes[0] !== CURSOR_FORM) throw malformed();
    const tagAt = CURSOR_BYTES - TAG_BYTES;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.cursorKey, bytes.subarray(1, 1 + NONCE_BYTES))
        .setAAD(organizationBytes(organizationId))
        .setAuthTag(bytes.subarray(tagAt));
      const plain = Buffer.concat([decipher.update(bytes.subarray(1 + NONCE_BYTES, tagAt)), decipher.final()]);
      return { txid: String(plain.readBigUInt64BE()), id: String(plain.readBigUInt64BE(8)) };
    } catch {
      throw malformed();
    }
  }
}

/** Each database's codec, read once per process. */
const codecs = new WeakMap<object, Promise<EventCodec>>();

/** The codec of the deployment `em` works on. */
export function eventCodec(em: EntityManager): Promise<EventCodec> {
  const connection = em.getConnection();
  let codec = codecs.get(connection);
  if (!codec) {
    codec = em
      .execute<[{ key: Buffer }]>('select key from event_keys')
      .then(([row]) => new EventCodec(row.key))
      .catch((error: unknown) => {
        // Read again next time: the database may have been away.
        codecs.delete(connection);
        throw error;
      });
    codecs.set(connection, codec);
  }
  return codec;
}
