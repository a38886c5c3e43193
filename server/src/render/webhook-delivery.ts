// A webhook delivery with its attempts, as the API shows it (DECISIONS 249); times in UTC.
import type { components } from '@warehouse-kit/spec';
import { UTC } from '../domain/time.js';
import type { DeliveryRow } from '../domain/webhooks/deliveries.js';
import { renderNullableTime, renderTime } from './time.js';

type WebhookDelivery = components['schemas']['WebhookDelivery'];

export const renderWebhookDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event_id: `evt_${row.eventId}`,
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
