// `--har FILE`: every exchange of a run, retries and 429s included, as an HTTP Archive 1.2 that
// browser devtools, Fiddler or Charles open. It records at the fetch the clients send with, so
// it sees each attempt as it went on the wire. Tokens are replaced wherever they appear: the
// Authorization header, and any URL, header or body a deployment may echo one in. So are webhook
// signing secrets (`whsec_` and base64), which no profile lists: the run learns them from the
// answers that create or rotate an endpoint, and a deployment may echo them anywhere else.
import { writeFileSync } from 'node:fs';
import { localhostFetch, REDACTED, redact, redactHeader } from '@warehouse-kit/sdk';
import { version } from './version.js';

interface NameValue {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: never[];
    headers: NameValue[];
    queryString: NameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: never[];
    headers: NameValue[];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

type Fetch = (request: Request) => Promise<Response>;

/**
 * A webhook secret as any text may carry it: its base64 as it is, percent-encoded in a URL or
 * form, or with JSON's escaped slash.
 */
const WEBHOOK_SECRET = /whsec_(?:[A-Za-z0-9+/=]|%2[BbFf]|%3[Dd]|\\\/)+/g;

export class HarRecorder {
  private readonly entries: HarEntry[] = [];

  constructor(private readonly secrets: readonly string[]) {}

  /** `text` without the profile's tokens or any webhook secret. */
  private redact(text: string): string {
    return redact(text, this.secrets).replace(WEBHOOK_SECRET, `whsec_${REDACTED}`);
  }

  private headers(headers: Headers): NameValue[] {
    return [...headers].map(([name, value]) => ({
      name,
      value: this.redact(redactHeader(name, value, this.secrets)),
    }));
  }

  /** `fetch`, recording each request and its answer (or the failure that took its place). */
  wrap(fetch: Fetch = localhostFetch): Fetch {
    return async (request) => {
      const started = new Date();
      const body = request.body ? await request.clone().text() : undefined;
      // Brackets are not allowed in a URI, so the URL carries the marker percent-encoded.
      const url = new URL(this.redact(request.url).replaceAll(REDACTED, encodeURIComponent(REDACTED)));
      const entry: HarEntry = {
        startedDateTime: started.toISOString(),
        time: 0,
        request: {
          method: request.method,
          url: url.href,
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: this.headers(request.headers),
          queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
          ...(body !== undefined && {
            postData: { mimeType: request.headers.get('Content-Type') ?? '', text: this.redact(body) },
          }),
          headersSize: -1,
          bodySize: body === undefined ? 0 : Buffer.byteLength(body),
        },
        response: {
          status: 0,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: [],
          content: { size: 0, mimeType: '' },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
        cache: {},
        timings: { send: 0, wait: 0, receive: 0 },
      };
      this.entries.push(entry);
      const elapsed = () => Math.max(0, Date.now() - started.getTime());
      try {
        const response = await fetch(request);
        const wait = elapsed();
        const text = await response.clone().text();
        const size = Buffer.byteLength(text);
        Object.assign(entry.response, {
          status: response.status,
          statusText: response.statusText,
          headers: this.headers(response.headers),
          content: { size, mimeType: response.headers.get('Content-Type') ?? '', text: this.redact(text) },
          redirectURL: response.headers.get('Location') ?? '',
          bodySize: size,
        });
        entry.time = elapsed();
        entry.timings = { send: 0, wait, receive: entry.time - wait };
        return response;
      } catch (error) {
        // No answer: devtools show status 0; the reason goes where a person looks.
        const reason = this.redact(error instanceof Error ? error.message : String(error));
        entry.response._error = reason;
        entry.response.content.comment = `no answer: ${reason}`;
        entry.time = elapsed();
        entry.timings = { send: 0, wait: entry.time, receive: 0 };
        throw error;
      }
    };
  }

  /** The archive so far. */
  har(): { log: { version: '1.2'; creator: { name: string; version: string }; entries: HarEntry[] } } {
    return {
      log: { version: '1.2', creator: { name: '@warehouse-kit/conformance', version }, entries: this.entries },
    };
  }

  write(file: string): void {
    writeFileSync(file, `${JSON.stringify(this.har(), null, 2)}\n`);
  }
}
