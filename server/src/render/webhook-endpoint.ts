// A webhook endpoint as the API shows it (DECISIONS 240): organization-wide, so its times are UTC.
import type { components } from '@warehouse-kit/spec';
import { UTC } from '../domain/time.js';
import { renderTime } from './time.js';

type WebhookEndpoint = components['schemas']['WebhookEndpoint'];

/** What the rendering needs of an endpoint's row (rendering imports no domain module: layers.test.ts). */
export interface EndpointFields {
  /** The id the API shows (DECISIONS 440). */
  publicId: number;
  url: string;
  description: string;
  types: string[];
  enabled: boolean;
  disabledReason: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** `locationNames`: the covered locations' names, null for every location. */
export function renderWebhookEndpoint(row: EndpointFields, locationNames: string[] | null): WebhookEndpoint {
  const rotationEnds =
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt : null;
  return {
    id: row.publicId,
    url: row.url,
    description: row.description,
    event_types: row.types,
    location_names: locationNames,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    previous_secret_expires_at: rotationEnds && renderTime(rotationEnds, UTC),
    created_at: renderTime(row.createdAt, UTC),
    updated_at: renderTime(row.updatedAt, UTC),
  };
}
