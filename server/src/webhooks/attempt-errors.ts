// What an attempt records when no answer came (DECISIONS 336): a category, never the socket's own
// text. That text names the address and port tried and tells a reset from a refusal from silence
// in the words of the operating system, so an admin could map the ports of hosts the guard lets
// through; a category says as much as the admin needs to fix the receiver.
import type { AttemptError } from './deliveries.js';
import { UnusableHost } from './url-guard.js';

/** OpenSSL's and Node's codes for a handshake or a certificate that failed. */
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|EPROTO$)|CERT|UNABLE_TO_(GET|VERIFY)/;

/** The category of an error raised while sending. */
export function attemptErrorOf(error: NodeJS.ErrnoException): AttemptError {
  if (error instanceof UnusableHost) return error.category;
  if (error.name === 'AbortError' || error.name === 'TimeoutError') return 'timeout';
  if (error.code === 'ECONNREFUSED') return 'connection_refused';
  if (error.code && TLS_CODE.test(error.code)) return 'tls';
  return 'connection_failed';
}
