// HTTP's rules for a request's header fields that Node's parser leaves to the server, checked
// before anything reads them. A refusal here is of how the request was sent, whatever it asks,
// so it is answered as no operation's (operation.ts):
// - no expectation but 100-continue, else 417 (RFC 9110 10.1.1), which Node would send bare
//   (DECISIONS 428).
import type { Middleware } from 'koa';
import { HttpError } from '../http/errors.js';
import { refusedAsSent } from './operation.js';

/** The members of a comma-separated field, in lower case, without their parameters. */
const members = (value: string) =>
  value
    .split(',')
    .map((member) => member.split(';', 1)[0]!.trim().toLowerCase())
    .filter((member) => member !== '');

export function requestHeaders(): Middleware {
  return (ctx, next) => {
    const expectation = members(ctx.get('Expect')).find((member) => member !== '100-continue');
    if (expectation !== undefined)
      throw refusedAsSent(
        ctx,
        new HttpError(417, `Expect ${expectation} cannot be met: the server meets 100-continue only`),
      );
    return next();
  };
}
