// Custom fields, customers and required fields on purchase orders (§2.3, §4.6): the
// warehouse's rules, the organization's for unassigned orders, and the destination's on a move.
import type { CheckGroup } from '../check.js';
import { defineCustomFields } from './custom-fields.js';
import { defineCustomers } from './customers.js';
import { defineOrderRequirements } from './order-requirements.js';

export const orderRules: CheckGroup = {
  name: 'order-rules',
  title: 'Custom fields, customers and warehouse requirements on purchase orders',
  basis: 'reference',
  define(group) {
    defineCustomFields(group);
    defineCustomers(group);
    defineOrderRequirements(group);
  },
};
