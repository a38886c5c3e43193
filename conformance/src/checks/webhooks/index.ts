// Webhook endpoints and delivery, an extension beyond the reference (spec/DECISIONS.md 240-252,
// 280-283, 450-453), checked with receivers the suite runs itself: deliveries signed, retried and
// redelivered; what a receiver's 410, 429 and 503 must cause; and what an endpoint disabled or
// deleted through the API must not receive. Every check runs only when the profile declares
// `extensions.webhooks` (and so events) and skips otherwise, or when the deployment refuses the
// receiver's URL; the group is outside `--checks reference`.
import type { CheckGroup } from '../../check.js';
import { defineDeliveries } from './delivery.js';
import { defineEndpointStates } from './endpoint-states.js';
import { defineReceiverAnswers } from './receiver-answers.js';

export const webhooks: CheckGroup = {
  name: 'webhooks',
  title: 'Extensions beyond the reference: webhook endpoints and delivery (decisions 240-252)',
  basis: 'extension',
  define(group) {
    defineDeliveries(group);
    defineReceiverAnswers(group);
    defineEndpointStates(group);
  },
};
