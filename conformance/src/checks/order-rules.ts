// Custom fields and customers on purchase orders (§4.6): the warehouse's rules, the
// organization's for unassigned orders, and the destination's on a move.
import type { CheckGroup } from '../check.js';
import { defineCustomFields } from './custom-fields.js';
import { defineCustomers } from './customers.js';

export const orderRules: CheckGroup = {
  name: 'order-rules',
  title: 'Custom fields and customers on purchase orders',
  basis: 'reference',
  define(group) {
    defineCustomFields(group);
    defineCustomers(group);
  },
};
