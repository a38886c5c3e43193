// The deviations the fault tests plant, each one a real way a reimplementation goes wrong.
import { DateTime } from 'luxon';
import type { Fault, ProxiedRequest, ProxiedResponse } from './faulty-proxy.js';

const DATE_TIME = /"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))"/g;

function withoutHeader(response: ProxiedResponse, name: string): ProxiedResponse {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([key]) => key.toLowerCase() !== name.toLowerCase()),
  );
  return { ...response, headers };
}

/** Renders every date-time in UTC: the instant stays right, the warehouse zone is lost. */
export const rendersUtc: Fault = {
  change: (response) => ({
    ...response,
    body: response.body.replace(
      DATE_TIME,
      (_, time: string) =>
        `"${DateTime.fromISO(time, { setZone: true }).toUTC().toISO({ suppressMilliseconds: true })}"`,
    ),
  }),
};

/** Forgets the Total-Count header. */
export const dropsTotalCount: Fault = {
  change: (response) => withoutHeader(response, 'total-count'),
};

/** A deployment older than contract 1.1.0: no Contract-Version, and no Total-Count either, so the run fails. */
export const namesNoContractVersion: Fault = {
  change: (response) => withoutHeader(withoutHeader(response, 'contract-version'), 'total-count'),
};

/** Names a contract of the next major version on every answer. */
export const namesNextMajor: Fault = {
  change: (response) => ({
    ...response,
    headers: { ...withoutHeader(response, 'contract-version').headers, 'contract-version': '9.0.0' },
  }),
};

/** Builds Link URLs without the caller's location_name. */
export const linkDropsLocationFilter: Fault = {
  change: (response) => {
    const link = response.headers.link;
    if (!link) return response;
    const stripped = link.replace(/<([^>]*)>/g, (_, href: string) => {
      const url = new URL(href);
      url.searchParams.delete('location_name');
      return `<${url.href}>`;
    });
    return { ...response, headers: { ...response.headers, link: stripped } };
  },
};

/** Has no rate limit: what would be a 429 is answered as if allowed. */
export const noRateLimit: Fault = {
  change: (response) => {
    if (response.status !== 429) return response;
    const headers = Object.fromEntries(
      Object.entries(response.headers).filter(([key]) => !key.startsWith('x-ratelimit')),
    );
    return { status: 200, headers, body: '[]' };
  },
};

/** Answers 403 where the API answers 401. */
export const forbiddenForBadTokens: Fault = {
  change: (response) => (response.status === 401 ? { ...response, status: 403 } : response),
};

/** Leaves `location_name` out of products, so their bodies break the schema. */
export const productsWithoutLocationName: Fault = {
  change: (response, request) => {
    if (!request.url.pathname.startsWith('/api/v1/products') || !response.headers['content-type']?.includes('json'))
      return response;
    const strip = (record: unknown) => {
      if (record && typeof record === 'object') delete (record as Record<string, unknown>).location_name;
      return record;
    };
    const body: unknown = JSON.parse(response.body || 'null');
    return { ...response, body: JSON.stringify(Array.isArray(body) ? body.map(strip) : strip(body)) };
  },
};

/** Matches location names exactly: any other spelling is an unknown location. */
export function exactLocationNames(names: string[]): Fault {
  return {
    respond: (request) => {
      const asked = request.url.searchParams.get('location_name');
      if (asked === null || names.includes(asked)) return undefined;
      return {
        status: 404,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ error: `location ${asked} not found` }),
      };
    },
  };
}

/** Upper-cases every location name in records, while GET /locations still lists them as they are. */
export const changesLocationNameCase: Fault = {
  change: (response, request) =>
    request.url.pathname.endsWith('/locations')
      ? response
      : {
          ...response,
          body: response.body.replace(
            /"(location_name|location)":"([^"]*)"/g,
            (_, key: string, name: string) => `"${key}":"${name.toUpperCase()}"`,
          ),
        },
};

/** Says the hour's limit (5000) on a 429 that the minute's limit caused: the header names another limit than the one exceeded. */
export const namesHourlyLimit: Fault = {
  change: (response) =>
    response.status === 429 ? { ...response, headers: { ...response.headers, 'x-ratelimit-limit': '5000' } } : response,
};

/** Points every Link URL at an internal host, as a proxy forwarding its own Host header makes a deployment do. */
export const linkToInternalHost: Fault = {
  change: (response) => {
    const link = response.headers.link;
    if (!link) return response;
    const internal = link.replace(/<([^>]*)>/g, (_, href: string) => {
      const url = new URL(href);
      url.host = 'wh-internal:8080';
      return `<${url.href}>`;
    });
    return { ...response, headers: { ...response.headers, link: internal } };
  },
};

/**
 * Refuses `token`'s requests with 429 after its first `allowed`, with X-RateLimit-Reset in epoch
 * seconds, so no client can tell when to come back. DELETEs still pass, so the clean-up can
 * finish.
 */
export function budgetResetInEpochSeconds(token: string, allowed: number): Fault {
  let seen = 0;
  return {
    respond: (request) => {
      if (request.headers.authorization !== `Token ${token}` || request.method === 'DELETE') return undefined;
      if (++seen <= allowed) return undefined;
      return {
        status: 429,
        headers: {
          'content-type': 'application/json',
          'x-ratelimit-limit': '120',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 30),
        },
        body: JSON.stringify({ error: 'rate limit exceeded' }),
      };
    },
  };
}

/** Renders every time with offset -04:00 at -05:00, the same instant: Toronto's standard offset all year, daylight saving never applied. */
export const standardOffsetAllYear: Fault = {
  change: (response) => ({
    ...response,
    body: response.body.replace(DATE_TIME, (whole, time: string) =>
      time.endsWith('-04:00')
        ? `"${DateTime.fromISO(time, { setZone: true }).setZone('UTC-5').toISO({ suppressMilliseconds: true })}"`
        : whole,
    ),
  }),
};

/** Leaves `previous_attributes` out of the events of the feed: an update no longer says what changed. */
export const eventsWithoutPreviousAttributes: Fault = {
  change: (response, request) => {
    if (!request.url.pathname.endsWith('/events') || response.status !== 200) return response;
    const page = JSON.parse(response.body) as { events: { data: Record<string, unknown> }[] };
    for (const event of page.events) delete event.data.previous_attributes;
    return { ...response, body: JSON.stringify(page) };
  },
};

/** Writes no event for a delete: a reader never learns the record is gone. */
export const noDeleteEvents: Fault = {
  change: (response, request) => {
    if (!request.url.pathname.endsWith('/events') || response.status !== 200) return response;
    const page = JSON.parse(response.body) as { events: { type: string }[] };
    page.events = page.events.filter((event) => !event.type.endsWith('.deleted'));
    return { ...response, body: JSON.stringify(page) };
  },
};

/**
 * Answers a webhook endpoint's create with a secret other than the one the server signs with,
 * as a deployment that shows one secret and keeps another would.
 */
export const showsAnotherWebhookSecret: Fault = {
  change: (response, request) => {
    if (request.method !== 'POST' || !request.url.pathname.endsWith('/webhook_endpoints') || response.status !== 200)
      return response;
    const endpoint = JSON.parse(response.body) as { secret: string };
    endpoint.secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    return { ...response, body: JSON.stringify(endpoint) };
  },
};

/** Lists each webhook delivery with its last attempt only, as a deployment that overwrites its history would. */
export const keepsLastWebhookAttempt: Fault = {
  change: (response, request) => {
    if (!request.url.pathname.endsWith('/deliveries') || response.status !== 200) return response;
    const deliveries = JSON.parse(response.body) as { attempts: unknown[] }[];
    for (const delivery of deliveries) delivery.attempts = delivery.attempts.slice(-1);
    return { ...response, body: JSON.stringify(deliveries) };
  },
};

/** Leaves Contract-Version off every error answer, as a deployment that sets it on its successes only would. */
export const versionOnSuccessesOnly: Fault = {
  change: (response) => (response.status >= 400 ? withoutHeader(response, 'contract-version') : response),
};

/** Takes a webhook receiver's 410 for any failure: the delivery is tried again and the endpoint stays enabled. */
export const goneTakenForFailure: Fault = {
  relay: (answer) => (answer.status === 410 ? { ...answer, status: 500 } : answer),
};

/** Drops a webhook receiver's Retry-After: a 429 or 503 is tried again on the schedule. */
export const retryAfterIgnored: Fault = {
  relay: (answer) => withoutHeader(answer, 'retry-after'),
};

const ENDPOINT = /\/webhook_endpoints\/(\d+)$/;

const disabling = (request: ProxiedRequest) =>
  request.method === 'PATCH' &&
  ENDPOINT.test(request.url.pathname) &&
  (JSON.parse(request.body || '{}') as { webhook_endpoint?: { enabled?: unknown } }).webhook_endpoint?.enabled ===
    false;

/** Answers that a webhook endpoint is disabled, but leaves it enabled, so it goes on receiving. */
export const disablesInNameOnly: Fault = {
  rewrite: (request) => (disabling(request) ? JSON.stringify({ webhook_endpoint: { enabled: true } }) : request.body),
  change: (response, request) => {
    if (!disabling(request) || response.status !== 200) return response;
    return { ...response, body: JSON.stringify({ ...JSON.parse(response.body), enabled: false }) };
  },
};

/**
 * Answers the delete of the endpoint of the suite's `deleted` receiver with 204 but keeps it, so it
 * goes on receiving, as a deployment that hides deleted endpoints without unsubscribing them would.
 */
export function deletesInNameOnly(): Fault {
  const kept = new Set<string>();
  return {
    respond: (request) => {
      const id = ENDPOINT.exec(request.url.pathname)?.[1];
      if (request.method !== 'DELETE' || id === undefined || !kept.has(id)) return undefined;
      return { status: 204, headers: {}, body: '' };
    },
    change: (response, request) => {
      if (request.method === 'POST' && request.url.pathname.endsWith('/webhook_endpoints') && response.status === 200) {
        const endpoint = JSON.parse(response.body) as { id: number; url: string };
        if (endpoint.url.endsWith('/deleted')) kept.add(String(endpoint.id));
      }
      return response;
    },
  };
}
