// Positions in the change feed (DECISIONS 174, 175): the writing transaction's id, then the
// event's own id, both decimal strings (xid8 and bigint outgrow a double). A cursor is the
// base64url of `v1.<txid>.<id>`, opaque to clients so that its form may change.
import { BadInput } from '../errors.js';

export interface Position {
  txid: string;
  id: string;
}

/** Before every event. */
export const START: Position = { txid: '0', id: '0' };

/** The largest value of the xid8 and bigint columns. */
const MAX_TXID = 2n ** 64n - 1n;
const MAX_ID = 2n ** 63n - 1n;

export const encodeCursor = (position: Position): string =>
  Buffer.from(`v1.${position.txid}.${position.id}`).toString('base64url');

/** The position a cursor names; BadInput when it is not a cursor this server writes. */
export function decodeCursor(cursor: string): Position {
  const malformed = () => new BadInput('after must be a next_cursor or a cursor from this feed');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw malformed();
  const match = /^v1\.(0|[1-9]\d{0,19})\.(0|[1-9]\d{0,18})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match || BigInt(match[1]!) > MAX_TXID || BigInt(match[2]!) > MAX_ID) throw malformed();
  return { txid: match[1]!, id: match[2]! };
}

/** Orders two positions as the feed does: by transaction, then by id. */
export function comparePositions(a: Position, b: Position): number {
  const byTxid = BigInt(a.txid) - BigInt(b.txid);
  if (byTxid !== 0n) return byTxid < 0n ? -1 : 1;
  const byId = BigInt(a.id) - BigInt(b.id);
  return byId === 0n ? 0 : byId < 0n ? -1 : 1;
}
