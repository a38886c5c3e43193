// What an endpoint's state through the API must cause (DECISIONS 241, 245, 453): a disabled endpoint
// receives nothing, and enabled again it receives the events written since, not those written while
// it was disabled; a deleted endpoint receives nothing. Each proves first that its receiver gets
// deliveries, and bounds "nothing" by later events that the profile's live endpoint received.

import { isObject } from '@warehouse-kit/spec';
import type { CheckRun, GroupBuilder } from '../../check.js';
import type { RunContext } from '../../context.js';
import type { ApiRecord } from '../../fixtures/created.js';
import {
  ARRIVAL_MS,
  companyReceived,
  liveUpdate,
  namedEndpoint,
  received,
  webhookIds,
} from '../../fixtures/webhooks.js';
import { type Exchange, preview } from '../../http.js';
import { expectStatus, Problems } from '../../problems.js';
import { EVENTS } from './delivery.js';

/** Sets `enabled` through the API; fails when the answer does not show it so. */
async function setEnabled(ctx: RunContext, endpoint: ApiRecord, enabled: boolean): Promise<Exchange> {
  const exchange = await ctx.send(ctx.admin, 'PATCH', '/webhook_endpoints/{id}', {
    path: { id: endpoint.id },
    body: { webhook_endpoint: { enabled } },
  });
  expectStatus(exchange, 200, `with the endpoint ${enabled ? 'enabled' : 'disabled'} (decision 245)`);
  const shown = isObject(exchange.body) ? exchange.body : {};
  new Problems(exchange)
    .expect(
      shown.enabled === enabled && shown.disabled_reason === null,
      `${enabled ? 'enabling' : 'disabling'}: body`,
      () => preview({ enabled: shown.enabled, disabled_reason: shown.disabled_reason }),
      `{"enabled":${enabled},"disabled_reason":null}: set by an admin, so without a reason (decision 245)`,
    )
    .throwIfAny();
  return exchange;
}

export function defineEndpointStates(group: GroupBuilder): void {
  group.check(
    {
      name: 'disabled_endpoint_receives_nothing',
      method: 'PATCH',
      path: '/webhook_endpoints/{id}',
      status: 200,
      section: 'decision 245',
      verifies: [
        EVENTS,
        'webhooks.updateWebhookEndpoint.enabled',
        'webhooks.updateWebhookEndpoint.disabled-receives-nothing',
        'webhooks.deliverEvent.410.disables',
      ],
    },
    async (run: CheckRun) => {
      const { ctx } = run;
      const { receiver, endpoint } = await namedEndpoint(run, 'paused');
      const { company } = await companyReceived(ctx, receiver, 'company for the paused receiver');
      const disabling = await setEnabled(ctx, endpoint, false);
      const whileDisabled = await liveUpdate(run, company);
      await setEnabled(ctx, endpoint, true);
      // Enabled again, it receives what is written now; anything queued for it while disabled would have gone first.
      const afterwards = await liveUpdate(run, company);
      const [resumed] = await receiver.waitFor((arrival) => arrival.id === afterwards.id, 1, ARRIVAL_MS);
      const problems = new Problems(disabling);
      problems.expect(
        !receiver.arrivals.some((arrival) => arrival.id === whileDisabled.id),
        `deliveries to ${receiver.url}`,
        () => `${whileDisabled.id}, written while the endpoint was disabled`,
        `none of ${whileDisabled.id}: a disabled endpoint receives nothing, and enabled again it receives the ` +
          'events written since, not those written while it was disabled (decision 245)',
      );
      problems.expect(
        resumed !== undefined,
        `deliveries to ${receiver.url} once enabled again`,
        () => `none of ${afterwards.id} within ${ARRIVAL_MS / 1000} s (${received(receiver.arrivals)})`,
        `${afterwards.id}, written once it was enabled again and delivered to the profile's endpoint (decision 245)`,
      );
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'deleted_endpoint_receives_nothing',
      method: 'DELETE',
      path: '/webhook_endpoints/{id}',
      status: 204,
      section: 'decision 241',
      verifies: [EVENTS, 'webhooks.deleteWebhookEndpoint.204', 'webhooks.deleteWebhookEndpoint.nothing-sent'],
    },
    async (run: CheckRun) => {
      const { ctx } = run;
      const { receiver, endpoint } = await namedEndpoint(run, 'deleted');
      const { company } = await companyReceived(ctx, receiver, 'company for the deleted receiver');
      const deletion = await ctx.send(ctx.admin, 'DELETE', '/webhook_endpoints/{id}', { path: { id: endpoint.id } });
      expectStatus(deletion, 204, 'deleting the endpoint (decision 241)');
      // Two later events, each received by the profile's live endpoint: the bound of "nothing" (decision 453).
      const later = [await liveUpdate(run, company), await liveUpdate(run, company)];
      const sent = receiver.arrivals.filter((arrival) => later.some((event) => event.id === arrival.id));
      new Problems(deletion)
        .expect(
          !sent.length,
          `deliveries to ${receiver.url} after the endpoint was deleted`,
          () => `${received(sent)}: ${webhookIds(sent)}`,
          `none of ${webhookIds(later)}, written since and delivered to the profile's endpoint: a deleted endpoint ` +
            'receives nothing (decision 241)',
        )
        .throwIfAny();
    },
  );
}
