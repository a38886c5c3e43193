// `--har FILE`: every exchange of a run, retries and 429s included, as an HTTP Archive 1.2 that
// browser devtools, Fiddler or Charles open. It records at the fetch the clients send with, so
// it sees each attempt as it went on the wire. Tokens are replaced wherever they appear: the
// Authorization header, and any URL, header or body a deployment may echo one in.
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

export class HarRecorder {
  private readonly entries: HarEntry[] = [];

  constructor(private readonly secrets: readonly string[]) {}

  private headers(headers: Headers): NameValue[] {
    return [...headers].map(([name, value]) => ({ name, value: redactHeader(name, value, this.secrets) }));
  }

  /** `fetch`, recording each request and its answer (or the failure that took its place). */
  wrap(fetch: Fetch = localhostFetch): Fetch {
    return async (request) => {
      const started = new Date();
      const body = request.body ? await request.clone().text() : undefined;
      // Brackets are not allowed in a URI, so the URL carries the marker percent-encoded.
      const url = new URL(redact(request.url, this.secrets).replaceAll(REDACTED, encodeURIComponent(REDACTED)));
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
            postData: { mimeType: request.headers.get('Content-Type') ?? '', text: redact(body, this.secrets) },
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
          content: { size, mimeType: response.headers.get('Content-Type') ?? '', text: redact(text, this.secrets) },
          redirectURL: response.headers.get('Location') ?? '',
          bodySize: size,
        });
        entry.time = elapsed();
        entry.timings = { send: 0, wait, receive: entry.time - wait };
        return response;
      } catch (error) {
        // No answer: devtools show status 0; the reason goes where a person looks.
        const reason = redact(error instanceof Error ? error.message : String(error), this.secrets);
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
