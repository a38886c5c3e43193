// What Node's HTTP parser refuses before any middleware runs (a header with a control
// character, headers over the size limit, a request line that is not HTTP, a request that took
// too long) is answered as every other error is: the contract's JSON body with a request id,
// in the header and the body, and the standard headers (DECISIONS 373). Node's own answer is a
// bare status line without a body or an id. The id is logged with the parser's reason.
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logging/logger.js';
import { REQUEST_ID_HEADER } from '../middleware/request-id.js';

/** Node's parser errors by code, with the status and the sentence a client gets. */
const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'the request headers are larger than the server takes (16 KiB)'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'the request was not received in time'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'the chunk extensions of the request body are too large'],
};

const BAD_REQUEST: [number, string] = [400, 'the request is not well-formed HTTP (a header or the request line)'];

/** The bytes of a closing answer with a JSON error body. */
function answer(status: number, message: string, requestId: string): string {
  const body = JSON.stringify({ error: message, request_id: requestId });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `${REQUEST_ID_HEADER}: ${requestId}`,
    'X-Content-Type-Options: nosniff',
    'Cache-Control: no-store',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** A `clientError` listener for an HTTP server. */
export function answerClientError(logger?: Logger): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  return (error, socket) => {
    // A client that went away or reset the connection hears nothing more.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, message] = ANSWERS[error.code ?? ''] ?? BAD_REQUEST;
    const requestId = randomUUID();
    logger?.warn({ request_id: requestId, status, reason: error.code }, 'request refused by the HTTP parser');
    socket.end(answer(status, message, requestId));
  };
}
