// Records, routes and filters (§2, §4, the introduction): the fields each resource must carry
// or refuse, the filters each list documents, and the routes of both interfaces, each rule
// checked on its own rather than only by the schemas.
import type { CheckGroup } from '../../check.js';
import { defineAppointmentRecords } from './appointments.js';
import { defineLocationRecords } from './locations.js';
import { defineOrderRecords } from './orders.js';
import { defineOrganizationRecords } from './organization.js';
import { defineProductRecords } from './products.js';

export const records: CheckGroup = {
  name: 'records',
  title: 'Records, routes and filters',
  basis: 'reference',
  define(group) {
    defineLocationRecords(group);
    defineProductRecords(group);
    defineOrganizationRecords(group);
    defineOrderRecords(group);
    defineAppointmentRecords(group);
  },
};
