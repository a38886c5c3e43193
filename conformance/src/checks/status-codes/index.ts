import type { CheckGroup } from '../../check.js';
import { defineRefusals } from './refusals.js';
import { defineSuccesses } from './successes.js';

export const statusCodes: CheckGroup = {
  name: 'status-codes',
  title: 'Status codes',
  basis: 'reference',
  define(group) {
    defineRefusals(group);
    defineSuccesses(group);
  },
};
