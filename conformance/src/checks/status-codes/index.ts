import type { CheckGroup } from '../../check.js';
import { defineAppointmentRefusals } from './appointments.js';
import { definePermissions } from './permissions.js';
import { defineRefusals } from './refusals.js';
import { defineSuccesses } from './successes.js';

export const statusCodes: CheckGroup = {
  name: 'status-codes',
  title: 'Status codes',
  basis: 'reference',
  define(group) {
    defineRefusals(group);
    definePermissions(group);
    defineAppointmentRefusals(group);
    defineSuccesses(group);
  },
};
