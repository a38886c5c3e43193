// Which proxies to believe (WH_TRUST_PROXY, DECISIONS 149), as Express's `trust proxy` and
// Fastify's `trustProxy` decide it, with their library (proxy-addr): a number trusts that many
// hops before the server, whoever they are; a list trusts only the proxies at those addresses.
// The client address is then the nearest X-Forwarded-For entry that is not a trusted proxy,
// and a peer that is not trusted has its X-Forwarded-Host and -Proto ignored, so a client
// that reaches the server directly cannot choose its address, its host or its scheme.
import type { Middleware } from 'koa';
import proxyaddr from 'proxy-addr';
import type { TrustProxy } from '../config.js';

export type Trust = (address: string, hop: number) => boolean;

/** The trust function of the setting; undefined when no proxy is trusted. */
export function trustOf(setting: TrustProxy): Trust | undefined {
  if (setting === false) return undefined;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return proxyaddr.compile(setting);
}

/** Koa reads these when its `proxy` option is on; an untrusted peer's are dropped before it does. */
const FORWARDED_HOST_AND_PROTO = ['x-forwarded-host', 'x-forwarded-proto'];

export function clientAddress(trust: Trust): Middleware {
  return async (ctx, next) => {
    const peer = ctx.req.socket.remoteAddress;
    if (peer === undefined || !trust(peer, 0))
      for (const name of FORWARDED_HOST_AND_PROTO) delete ctx.req.headers[name];
    if (peer !== undefined) ctx.request.ip = proxyaddr(ctx.req, trust);
    await next();
  };
}
