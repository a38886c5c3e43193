// HTTP's rules for a request's header fields that Node's parser leaves to the server, checked
// before anything reads them. A refusal here is of how the request was sent, whatever it asks,
// so it is answered as no operation's (operation.ts):
// - Host, Authorization and Content-Type at most once, else 400: Node keeps the first and drops
//   the others, so a client or an intermediary that reads another one would disagree with the
//   server about the tenant, the token or the body's type (DECISIONS 429);
// - no expectation but 100-continue, else 417 (RFC 9110 10.1.1), which Node would send bare
//   (DECISIONS 428);
// - no transfer coding but chunked, else 501 (RFC 9112 6.1): Node undoes chunked and nothing
//   else, so a gzip coding would reach the body's reader as if it were JSON (DECISIONS 432).
import type { Middleware } from 'koa';
import { badRequest, HttpError } from '../http/errors.js';
import { refusedAsSent } from './operation.js';

/** The fields that must come once, by their names in lower case. */
const ONCE = new Map([
  ['host', 'Host'],
  ['authorization', 'Authorization'],
  ['content-type', 'Content-Type'],
]);

/** The first of the fields that must come once to come again. */
function repeatedField(rawHeaders: string[]): string | undefined {
  const seen = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (!ONCE.has(name)) continue;
    if (seen.has(name)) return ONCE.get(name);
    seen.add(name);
  }
  return undefined;
}

/** The members of a comma-separated field, in lower case, without their parameters. */
const members = (value: string) =>
  value
    .split(',')
    .map((member) => member.split(';', 1)[0]!.trim().toLowerCase())
    .filter((member) => member !== '');

export function requestHeaders(): Middleware {
  return (ctx, next) => {
    const repeated = repeatedField(ctx.req.rawHeaders);
    if (repeated) throw refusedAsSent(ctx, badRequest(`the request carries ${repeated} more than once`));
    const expectation = members(ctx.get('Expect')).find((member) => member !== '100-continue');
    if (expectation !== undefined)
      throw refusedAsSent(
        ctx,
        new HttpError(417, `Expect ${expectation} cannot be met: the server meets 100-continue only`),
      );
    const coding = members(ctx.get('Transfer-Encoding')).find((member) => member !== 'chunked');
    if (coding !== undefined)
      throw refusedAsSent(
        ctx,
        new HttpError(
          501,
          `Transfer-Encoding ${coding} is not supported: send the body chunked or with Content-Length, ` +
            'compressed with Content-Encoding if need be',
        ),
      );
    return next();
  };
}
