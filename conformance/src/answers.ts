// Every answer the run receives, as the fetch of its clients saw it: the 429s the SDK waited out,
// the refusals and the clean-up's deletes included. The contract-version group reads it to check
// that each names the contract version (DECISIONS 351, 450): the log counts the answers by status
// and keeps those that named none, or another major version, as exchanges that reproduce them.
import { CONTRACT_VERSION, CONTRACT_VERSION_HEADER, majorOf } from '@warehouse-kit/spec';
import type { Exchange } from './http.js';
import { curlFor } from './reproduce.js';

type Fetch = (request: Request) => Promise<Response>;

/** Who sends through a wrapped fetch: its label, and how a reproduction shows its token. */
export interface Sender {
  label: string;
  shownToken: string | undefined;
}

/** An answer without the contract's major version: the exchange, and the version it named (null: none). */
export type Unversioned = Exchange & { named: string | null };

/** Answers without the version kept at most: enough to report, bounded whatever the deployment answers. */
const KEPT = 100;

/** Request headers a reproduction writes itself (the token as a variable) or curl sends. */
const OWN_HEADERS = new Set(['authorization', 'content-type', 'user-agent', 'accept']);

/** Whether a `Contract-Version` names the major version this suite checks (DECISIONS 351). */
export const namesOurMajor = (named: string | null): boolean =>
  named !== null && majorOf(named) === majorOf(CONTRACT_VERSION);

export class AnswerLog {
  /** Answers received, by status. */
  readonly statuses = new Map<number, number>();
  /** Of them, those without the version, by status. */
  readonly unversionedStatuses = new Map<number, number>();
  private readonly kept: Unversioned[] = [];

  /** `fetch`, noting each answer's status and whether it names the contract's major version. */
  wrap(fetch: Fetch, sender: Sender): Fetch {
    return async (request) => {
      // The body is spent once sent; a reproduction needs it.
      const body = request.body ? await request.clone().text() : undefined;
      const response = await fetch(request);
      const count = (map: Map<number, number>) => map.set(response.status, (map.get(response.status) ?? 0) + 1);
      count(this.statuses);
      const named = response.headers.get(CONTRACT_VERSION_HEADER);
      if (namesOurMajor(named)) return response;
      count(this.unversionedStatuses);
      if (this.kept.length < KEPT)
        this.kept.push({
          method: request.method,
          template: new URL(request.url).pathname,
          url: request.url,
          as: sender.label,
          status: response.status,
          headers: response.headers,
          text: '',
          body: undefined,
          curl: curlFor({
            method: request.method,
            url: request.url,
            shownToken: sender.shownToken,
            headers: Object.fromEntries([...request.headers].filter(([name]) => !OWN_HEADERS.has(name))),
            body,
          }),
          named,
        });
      return response;
    };
  }

  /** How many answers came. */
  get count(): number {
    return [...this.statuses.values()].reduce((sum, count) => sum + count, 0);
  }

  /** The first answers without the version, in the order they came. */
  get unversioned(): readonly Unversioned[] {
    return this.kept;
  }
}
