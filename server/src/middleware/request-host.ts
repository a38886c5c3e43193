// The host a request is for, read once before anything uses it: the tenant is chosen by it and
// the URLs of a list's `Link` are built from it. It is the Host header, or a trusted proxy's
// X-Forwarded-Host. Each must be a host with an optional port and nothing else (RFC 9110 7.2),
// as the WHATWG URL parser reads it: the value must be the parser's normal form of itself, letter
// case and a default port aside, so a path, user info, a percent-escape or a Unicode spelling is
// refused rather than read one way here and another way elsewhere, and it must hold only what
// RFC 3986 allows in a host, which the parser stretches by four characters. An HTTP/1.1
// request must carry Host (RFC 9112 3.2). An absolute-form target (`GET http://host/...`) must
// name the host Host names: the RFC has the target win, but a client must send the two alike, and
// picking either would serve one organization for an intermediary that routed or authorized the
// request for the other. Each refusal is 400. The normal form is written back where Koa reads it,
// so `ctx.host`, `ctx.hostname` and every URL built from them hold it and nothing else
// (DECISIONS 430, 431). The scheme of those URLs, a trusted proxy's X-Forwarded-Proto, must be
// http or https.
import type { Middleware, ParameterizedContext } from 'koa';
import { badRequest } from '../http/errors.js';
import { refusedAsSent } from './operation.js';

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** The four characters the URL parser takes in a host name and RFC 3986's grammar does not. */
const BEYOND_RFC_3986 = /["`{}]/;

/** `value` in its normal form (`acme.example.com:8080`), or undefined when it is more or other than a host and a port. */
export function normalHost(value: string, scheme = 'http:'): string | undefined {
  let url: URL;
  try {
    url = new URL(`${scheme}//${value}`);
  } catch {
    return undefined;
  }
  const given = value.toLowerCase();
  if (given !== url.host && given !== `${url.hostname}:${DEFAULT_PORTS[scheme]}`) return undefined;
  return BEYOND_RFC_3986.test(url.hostname) ? undefined : url.host;
}

const NOT_A_HOST = 'is not a host name or address with an optional port';

/** An absolute-form target, read as a URL; undefined for the usual origin form (`/api/v1/...`) and `*`. */
function absoluteTarget(target: string): URL | undefined {
  if (target.startsWith('/') || target === '*') return undefined;
  const url = URL.canParse(target) ? new URL(target) : undefined;
  if (!url || !DEFAULT_PORTS[url.protocol] || url.username || url.password || !url.host)
    throw badRequest('the request target is neither a path nor an http or https URL without user info');
  return url;
}

/** Checks the request's host and writes its normal form back as its Host. HTTP/1.0 may leave it out. */
function checkHost(ctx: ParameterizedContext): void {
  const { req } = ctx;
  const target = absoluteTarget(req.url ?? '/');
  const header = req.headers.host;
  if (header === undefined && req.httpVersion === '1.1')
    throw badRequest('the request has no Host header, which HTTP/1.1 requires');
  const host = header === undefined ? target?.host : normalHost(header, target?.protocol);
  if (header !== undefined && host === undefined) throw badRequest(`the Host header ${NOT_A_HOST}`);
  if (target && target.host !== host) throw badRequest('the request target names another host than the Host header');
  if (host !== undefined) req.headers.host = host;
}

/** A trusted proxy's X-Forwarded-Host (the first, as Koa reads it) and -Proto, checked; its host written back. */
function checkForwarded(ctx: ParameterizedContext): void {
  const forwarded = ctx.get('X-Forwarded-Host');
  if (forwarded) {
    const host = normalHost(forwarded.split(',', 1)[0]!.trim());
    if (host === undefined) throw badRequest(`X-Forwarded-Host ${NOT_A_HOST}`);
    ctx.req.headers['x-forwarded-host'] = host;
  }
  if (ctx.protocol !== 'http' && ctx.protocol !== 'https') throw badRequest('X-Forwarded-Proto must be http or https');
}

export function requestHost(): Middleware {
  return (ctx, next) => {
    try {
      checkHost(ctx);
      // Koa reads the forwarded headers only when a proxy is trusted; client-address.ts drops an untrusted peer's.
      if (ctx.app.proxy) checkForwarded(ctx);
    } catch (error) {
      throw refusedAsSent(ctx, error as Error);
    }
    return next();
  };
}
