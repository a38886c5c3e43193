// Every group in the order a run takes them. Rate limits come near the end because they exhaust
// the token's per-minute budget; robustness (opt-in) runs before them, for the same reason. The
// contract version comes after them: it reads every answer of the run, their 429s included, and
// sends its own two requests without waiting out a 429.
import type { CheckGroup } from '../check.js';
import { bulkUploads } from './bulk-uploads.js';
import { contractVersion } from './contract-version.js';
import { decisions } from './decisions.js';
import { events } from './events.js';
import { extensions } from './extensions.js';
import { locationRules } from './location-rules.js';
import { orderRules } from './order-rules.js';
import { pagination } from './pagination.js';
import { rateLimits } from './rate-limits/index.js';
import { records } from './records/index.js';
import { robustness } from './robustness/index.js';
import { roundTrip } from './round-trip.js';
import { schemas } from './schemas.js';
import { statusCodes } from './status-codes/index.js';
import { timeZones } from './time-zones.js';
import { webhooks } from './webhooks/index.js';

export const groups: readonly CheckGroup[] = [
  statusCodes,
  records,
  locationRules,
  timeZones,
  pagination,
  roundTrip,
  orderRules,
  bulkUploads,
  schemas,
  decisions,
  extensions,
  events,
  webhooks,
  robustness,
  rateLimits,
  contractVersion,
];
