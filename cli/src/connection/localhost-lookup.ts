// Name lookup that sends `*.localhost` to the loopback address (RFC 6761), as browsers, curl and
// the SDK's own fetch do, for the connections whctl makes itself (listen's receiver, the TLS
// probe); Node's resolver would ask DNS, which usually does not know such names.
import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';

export const localhostLookup: LookupFunction = (hostname, options, callback) =>
  lookup(/\.localhost\.?$/i.test(hostname) ? 'localhost' : hostname, options, callback);
