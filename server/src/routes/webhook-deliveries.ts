// An endpoint's deliveries (DECISIONS 249–251), an extension beyond the reference: the list with
// attempts, redelivery and recovery, for those who manage the endpoint.

import type { EntityManager } from '@mikro-orm/postgresql';
import type { Access } from '../domain/access.js';
import { Invalid } from '../domain/errors.js';
import { pageRequest } from '../domain/pagination.js';
import { readInputTime, UTC } from '../domain/time.js';
import { eventCodec } from '../events/opaque.js';
import type { Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { renderWebhookDelivery } from '../render/webhook-delivery.js';
import { managedEndpoint } from '../webhooks/access.js';
import { type DeliveryRow, listDeliveries, recover, redeliver } from '../webhooks/deliveries.js';

/** A body time of the recovery window, offset-less ones in UTC; Invalid on `field`. */
function windowTime(value: string, field: string): Date {
  const reading = readInputTime(value, UTC);
  if ('problem' in reading) throw Invalid.field(field, reading.problem);
  return reading.instant;
}

/** Deliveries as the API shows them, their events by the ids the feed gives them (DECISIONS 334). */
const shown = async (em: EntityManager, access: Access, rows: DeliveryRow[]) => {
  const codec = await eventCodec(em);
  return rows.map((row) =>
    renderWebhookDelivery({ ...row, eventId: codec.eventId(access.organization.id, row.eventId) }),
  );
};

export const webhookDeliveryHandlers: Pick<
  Handlers,
  'listWebhookDeliveries' | 'redeliverWebhookDelivery' | 'recoverWebhookEndpoint'
> = {
  async listWebhookDeliveries({ em, access, path, query, ctx }) {
    const endpoint = await managedEndpoint(em, access, path.id);
    const page = pageRequest(query);
    const { deliveries, total } = await listDeliveries(em, endpoint, query.status, page);
    setPaginationHeaders(ctx, page, total);
    return shown(em, access, deliveries);
  },

  async redeliverWebhookDelivery({ em, access, path }) {
    const endpoint = await managedEndpoint(em, access, path.id);
    const [delivery] = await shown(em, access, [await redeliver(em, endpoint, path.delivery_id)]);
    return delivery!;
  },

  async recoverWebhookEndpoint({ em, access, path, body }) {
    const endpoint = await managedEndpoint(em, access, path.id);
    const since = windowTime(body.recovery.since, 'since');
    const until = body.recovery.until === undefined ? new Date() : windowTime(body.recovery.until, 'until');
    return { deliveries: await recover(em, endpoint, since, until) };
  },
};
