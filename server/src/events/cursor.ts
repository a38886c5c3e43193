// Positions in the change feed (DECISIONS 174, 175): the writing transaction's id, then the
// event's own id, both decimal strings (xid8 and bigint outgrow a double). Clients see them only
// sealed in opaque cursors (opaque.ts, DECISIONS 334).

export interface Position {
  txid: string;
  id: string;
}

/** Before every event. */
export const START: Position = { txid: '0', id: '0' };

/** Orders two positions as the feed does: by transaction, then by id. */
export function comparePositions(a: Position, b: Position): number {
  const byTxid = BigInt(a.txid) - BigInt(b.txid);
  if (byTxid !== 0n) return byTxid < 0n ? -1 : 1;
  const byId = BigInt(a.id) - BigInt(b.id);
  return byId === 0n ? 0 : byId < 0n ? -1 : 1;
}
