// A request whose connection closed before its answer could be sent (a client that sent its
// body and hung up at once, or hung up mid-body) is recorded with status 499, nginx's "client
// closed request", in its log line and in the metrics, and logged at info: it is neither the 500
// that reading its closed body would raise nor what the server would have answered (DECISIONS 427).
import type { ParameterizedContext } from 'koa';

export const CLIENT_CLOSED = 499;

/** The status a request is recorded with: its answer's, or 499 when it can no longer be sent. */
export function recordedStatus(ctx: ParameterizedContext): number {
  const { socket } = ctx.req;
  return !ctx.res.writableEnded && (socket.destroyed || !socket.writable) ? CLIENT_CLOSED : ctx.status;
}
