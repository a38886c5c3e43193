// A webhook delivery with its attempts, as the API shows it (DECISIONS 249); times in UTC.
import type { components } from '@warehouse-kit/spec';
import { UTC } from '../domain/time.js';
import { renderNullableTime, renderTime } from './time.js';

type WebhookDelivery = components['schemas']['WebhookDelivery'];

/** What the rendering needs of a delivery's row (rendering imports no domain module: layers.test.ts). */
export interface DeliveryFields {
  /** The id the API shows (DECISIONS 440). */
  publicId: number;
  /** The event's id as the API shows it (DECISIONS 334). */
  eventId: string;
  eventType: string;
  status: WebhookDelivery['status'];
  reason: WebhookDelivery['reason'];
  nextAttemptAt: Date | null;
  createdAt: Date;
  attempts: {
    attemptedAt: Date;
    statusCode: number | null;
    error: WebhookDelivery['attempts'][number]['error'];
    durationMs: number;
  }[];
}

export const renderWebhookDelivery = (row: DeliveryFields): WebhookDelivery => ({
  id: row.publicId,
  event_id: row.eventId,
  event_type: row.eventType as WebhookDelivery['event_type'],
  status: row.status,
  reason: row.reason,
  next_attempt_at: renderNullableTime(row.nextAttemptAt, UTC),
  created_at: renderTime(row.createdAt, UTC),
  attempts: row.attempts.map((attempt) => ({
    attempted_at: renderTime(attempt.attemptedAt, UTC),
    status_code: attempt.statusCode,
    error: attempt.error,
    duration_ms: attempt.durationMs,
  })),
});
