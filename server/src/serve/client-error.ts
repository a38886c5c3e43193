// What Node's HTTP server refuses or drops before any middleware runs is answered as every other
// error is: the contract's JSON body with a request id, in the header and the body, and the
// standard headers, `Contract-Version` included (DECISIONS 373, 425). That is what its parser
// refuses (a header with a control character, headers over the size limit, a request line that
// is not HTTP/1, a request that took too long) and a CONNECT, which Node would close without a
// word. Node's own answer is a bare status line, written at once, ahead of the answers the
// connection still owes to requests it read before the refused one (pipelined): here the
// refusal waits for them (DECISIONS 426). The id is logged with the reason.
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type RequestListener, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logging/logger.js';
import { REQUEST_ID_HEADER } from '../middleware/request-id.js';
import { STANDARD_HEADERS } from '../middleware/response-headers.js';

/** Node's parser errors by code, with the status and the sentence a client gets. */
const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'the request headers are larger than the server takes (16 KiB)'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'the request was not received in time'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'the chunk extensions of the request body are too large'],
  HPE_INVALID_TRANSFER_ENCODING: [
    400,
    'the request body cannot be delimited: Transfer-Encoding must end with chunked, once, and comes without Content-Length',
  ],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'the request body cannot be delimited: Content-Length is given more than once'],
  HPE_INVALID_VERSION: [505, 'the server speaks HTTP/1.1 (and 1.0) only'],
  // The HTTP/2 connection preface ("PRI * HTTP/2.0"): HTTP/2 is not served.
  HPE_PAUSED_H2_UPGRADE: [505, 'the server speaks HTTP/1.1 (and 1.0) only'],
};

const BAD_REQUEST: [number, string] = [400, 'the request is not well-formed HTTP (a header or the request line)'];

/** The bytes of a closing answer with a JSON error body. */
function answer(status: number, message: string, requestId: string): string {
  const body = JSON.stringify({ error: message, request_id: requestId });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `${REQUEST_ID_HEADER}: ${requestId}`,
    ...Object.entries(STANDARD_HEADERS).map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * A connection's two latest answers. Only its latest request can still be unread when the parser
 * fails (the parser reads requests in order), so the answer before it belongs to a request read
 * whole; answers are written in order, so once that one is written, every earlier one is.
 */
interface Answers {
  earlier?: ServerResponse;
  latest: ServerResponse;
}

const answersOf = new WeakMap<Duplex, Answers>();

/** The server's request listener, keeping track of the answers each connection owes. */
export function trackingAnswers(listener: RequestListener): RequestListener {
  return (req, res) => {
    answersOf.set(req.socket, { earlier: answersOf.get(req.socket)?.latest, latest: res });
    listener(req, res);
  };
}

/** Resolves once the connection has written its answers to every request it read whole. */
function owedAnswersWritten(socket: Duplex): Promise<void> {
  const answers = answersOf.get(socket);
  const last = answers?.latest.req.complete ? answers.latest : answers?.earlier;
  if (!last || last.writableFinished || last.destroyed) return Promise.resolve();
  return new Promise((resolve) => last.once('close', () => resolve()));
}

/** Connections already refused: the parser reports its error again with every byte that follows. */
const refused = new WeakSet<Duplex>();

export interface RefusalSettings {
  /** How long a client has to read a refusal and close its end, as it has to send its next request. */
  keepAliveTimeoutMs: number;
  logger?: Logger;
}

/**
 * Answers the error on the connection, once it has written what it owes, and closes it: at once
 * when the client closes its end too, else after the keep-alive timeout, so that a client
 * keeping its end open does not hold the connection.
 */
function refuse(socket: Duplex, [status, message]: [number, string], reason: string, settings: RefusalSettings): void {
  if (refused.has(socket)) return;
  refused.add(socket);
  const requestId = randomUUID();
  settings.logger?.warn({ request_id: requestId, status, reason }, 'request refused by the HTTP server');
  void owedAnswersWritten(socket).then(() => {
    if (!socket.writable) return void socket.destroy();
    socket.end(answer(status, message, requestId));
    const linger = setTimeout(() => socket.destroy(), settings.keepAliveTimeoutMs);
    socket.once('close', () => clearTimeout(linger));
  });
}

/** A `clientError` listener for an HTTP server. */
export function answerClientError(settings: RefusalSettings): (error: NodeJS.ErrnoException, socket: Duplex) => void {
  return (error, socket) => {
    // A client that went away or reset the connection hears nothing more.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    refuse(socket, ANSWERS[error.code ?? ''] ?? BAD_REQUEST, error.code ?? 'unknown', settings);
  };
}

const NOT_A_PROXY: [number, string] = [501, 'CONNECT is not supported: this server is not a proxy'];

/**
 * A `connect` listener for an HTTP server: CONNECT asks for a tunnel, which only a proxy opens,
 * so it is 501, the status for a method the server supports for no resource (RFC 9110, 9.1).
 */
export function answerConnect(settings: RefusalSettings): (request: IncomingMessage, socket: Duplex) => void {
  return (_request, socket) => {
    // Node hands the connection over with no listener of its own: its errors are ours now.
    socket.on('error', () => socket.destroy());
    refuse(socket, NOT_A_PROXY, 'CONNECT', settings);
  };
}
