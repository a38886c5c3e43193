// The reference's introduction and sections 1 to 3: what the service does, its resources and
// their fields, and the states of a purchase order. Data; see model.ts.
import { context, open, type ReferenceSection, rule, rules } from './model.js';

export const resources: ReferenceSection[] = [
  {
    section: '0',
    title: 'Warehouse Scheduling Service: Organization and Location REST API',
    units: [
      context(
        'This document covers all nine parts for the whole interface: the organization-level interface (one address for all warehouses), the location-level interface (one address per warehouse), purchase orders, products, locations, and the shared rules for authentication, time zones, pagination, rate limits and errors.',
      ),
      context(
        'Address placeholders: `{base_url}` is the organization address, in the form `https://<organization_subdomain>.<host>`.',
      ),
      context("`{location_base_url}` is one warehouse's address, in the form `https://<location_subdomain>.<host>`."),
      rule('All paths below begin with `/api/v1` and are appended to one of these addresses.', '§0.paths-under-api-v1'),
      rule('Request and response bodies are JSON (`Content-Type: application/json`).', '§0.json-bodies'),
    ],
  },
  {
    section: '1',
    title: 'What the service does',
    units: [
      context('The service is a warehouse dock-scheduling and receiving service.'),
      context('An organization has several locations (warehouses).'),
      context('list the locations an API user may access;'),
      context('schedule and maintain appointments (deliveries and pickups) at a warehouse;'),
      context("maintain each warehouse's product catalog;"),
      context('maintain companies (customers and carriers), which are shared across the whole organization;'),
      context(
        'create and maintain purchase orders with line items, either assigned to a warehouse or unassigned until a warehouse is chosen;',
      ),
      context('find purchase orders that have booked appointments;'),
      context('read product limits (read-only).'),
      context('Two equivalent entry points exist.'),
      rule(
        'The organization interface at `{base_url}/api/v1` works across all accessible locations.',
        '§1.organization-interface',
      ),
      rule(
        'The location interface at `{location_base_url}/api/v1` works on a single warehouse.',
        '§1.location-interface',
      ),
      rule('Both interfaces share the same rate limits.', '§1.shared-rate-limits'),
    ],
  },
  {
    section: '2.1',
    title: 'Location (organization interface, read-only)',
    units: [
      rule('name | string | Display name; used as the value of `location_name` in other requests', '§2.1.name'),
      rule("url | string | The location's subdomain", '§2.1.url-is-subdomain'),
    ],
  },
  {
    section: '2.2',
    title: 'Product',
    units: [
      rule('id | integer | response only | Unique identifier', '§2.2.id'),
      rule('name | string | yes on create | Must not be empty', '§2.2.name'),
      rule('sku | string | see rules | Stock keeping unit; unique within the location', '§2.2.sku-unique-in-location'),
      rules(
        'location_name | string | on create (organization interface) | Owning warehouse; included in list, show, create and update responses',
        ['§2.2.location-name-on-create', 'on create (organization interface)'],
        ['§2.2.location-name-in-responses', 'Owning warehouse; included in list, show, create and update responses'],
      ),
      rule(
        'Product names and SKUs may repeat across locations; `location_name` in responses identifies the owner.',
        '§2.2.rule-1',
      ),
      rule('Location interface: `name` and `sku` are both required on create.', '§2.2.rule-2'),
      rule('Organization interface: `name` is required on create; `sku` is listed as optional.', '§2.2.rule-3'),
      rule('A product cannot be deleted while active packing lists or appointments reference it.', '§2.2.rule-4'),
    ],
  },
  {
    section: '2.3',
    title: 'Purchase order',
    units: [
      rule('po_number | string | yes on create | Purchase order number', '§2.3.po-number-required'),
      rule(
        'location_name | string or null | no | Warehouse to assign; omitted or null/empty means unassigned',
        '§2.3.location-name-unassigned',
      ),
      rule(
        'expected_starts_at | string (ISO 8601 date-time) | no | Expected start; an offset is recommended',
        '§2.3.expected-starts-at',
      ),
      rule('expected_ends_at | string (ISO 8601 date-time) | no | Expected end', '§2.3.expected-ends-at'),
      rule('purchase_order_items | array of line items | no | Order line items', '§2.3.items'),
      rule('custom_values | object | no | Values for configured custom fields', '§2.3.custom-values'),
      rule(
        'Line item fields shown: `product_name` (string), `quantity` (number), `customer_name` (string), `custom_values` (object).',
        '§2.3.item-fields',
      ),
      rules(
        "Line items accept no `location_name` of their own; they use the order's location.",
        ['§2.3.items-no-location', 'Line items accept no `location_name` of their own'],
        ['§2.3.items-use-order-location', "they use the order's location"],
      ),
      rule('Line item IDs given in an update must belong to the order being updated.', '§2.3.item-ids-belong'),
      rules(
        'Response fields shown: `id`, `location_name` (string, or null when unassigned), `earliest_assignment_date` (date-time), creation and update timestamps on orders and items, and booked appointments nested in the order (each with its own `location_name` and a compatibility alias `location`).',
        ['§2.3.response-id-and-location', '`id`, `location_name` (string, or null when unassigned)'],
        ['§2.3.response-earliest-assignment-date', '`earliest_assignment_date` (date-time)'],
        ['§2.3.response-timestamps', 'creation and update timestamps on orders and items'],
        [
          '§2.3.response-nested-appointments',
          'booked appointments nested in the order (each with its own `location_name` and a compatibility alias `location`)',
        ],
      ),
      rule(
        "Required fields can additionally depend on the assigned warehouse's settings.",
        '§2.3.warehouse-required-fields',
      ),
      open(
        'Further purchase order fields (carrier details, reference numbers, other line item attributes) exist; their names, types and allowed values: not shown.',
        '§2.3.further-fields',
      ),
    ],
  },
  {
    section: '2.4',
    title: 'Appointment',
    units: [
      rules(
        'Fields shown inside an `appointment` object: `location_name` (string, required on create, inferred on update), `scheduled_at` (ISO 8601 date-time), `duration` (integer), `dock_name` (string), `carrier_name` (string).',
        ['§2.4.location-required-on-create', 'required on create'],
        ['§2.4.location-inferred-on-update', 'inferred on update'],
        ['§2.4.scheduled-at', '`scheduled_at` (ISO 8601 date-time)'],
        ['§2.4.duration', '`duration` (integer)'],
        ['§2.4.dock-and-carrier', '`dock_name` (string), `carrier_name` (string)'],
      ),
      rule(
        'Responses carry `id`, `location_name`, a compatibility alias `location`, and `scheduled_at` with a UTC offset.',
        '§2.4.response-fields',
      ),
      rules(
        'Packing lists are nested; IDs used in updates must belong to the appointment.',
        ['§2.4.packing-lists-nested', 'Packing lists are nested'],
        ['§2.4.packing-list-ids-belong', 'IDs used in updates must belong to the appointment'],
      ),
      rules(
        "The warehouse's docks, yards, products, settings and time zone apply to the appointment.",
        ['§2.4.warehouse-docks-and-settings', "The warehouse's docks, yards, products, settings"],
        ['§2.4.warehouse-time-zone', 'time zone apply to the appointment'],
      ),
      open('Units of `duration` and the remaining appointment fields: not shown.', '§2.4.remaining-fields'),
    ],
  },
  {
    section: '2.5',
    title: 'Company',
    units: [
      rule(
        'Fields shown inside a `company` object: `name` (string), `company_type` (string; the value `carrier` is shown; a customer type also exists).',
        '§2.5.fields',
      ),
      rule('Companies belong to the organization and have no location field.', '§2.5.organization-wide'),
      rule(
        'Settings of a company: `auto_approve_appointments` (boolean) and `can_create_carriers` (boolean).',
        '§2.5.settings',
      ),
      open('Remaining company fields and response shape: not shown.', '§2.5.remaining-fields'),
    ],
  },
  {
    section: '2.6',
    title: 'Product limit (read-only)',
    units: [
      rule('Returned in a `product_limits` array.', '§2.6.array'),
      rule('Each entry covers enabled limits and their overrides for the requested dates.', '§2.6.overrides'),
      rule('Recurring start and end times are local wall-clock times without a date.', '§2.6.wall-clock-times'),
      open('Entry fields: not shown.', '§2.6.entry-fields'),
    ],
  },
  {
    section: '3',
    title: 'States and transitions',
    units: [
      open(
        'Named lifecycle states of appointments, purchase orders, or any other resource: not shown.',
        '§3.lifecycle-states',
      ),
      open('Transitions other than the location assignment below: not shown.', '§3.other-transitions'),
      rule(
        'A purchase order is either unassigned (`location_name` null) or assigned to a location.',
        '§3.assigned-or-unassigned',
      ),
      rule(
        '(new) | POST create without `location_name` | valid body | unassigned | Times without offset read as UTC; customer and custom-field rules for unassigned orders apply',
        '§3.create-unassigned',
      ),
      rule(
        "(new) | POST create with a known `location_name` | access to that location; valid body | assigned | Times without offset read in that location's zone",
        '§3.create-assigned',
      ),
      rule(
        "unassigned | PATCH/PUT with a known `location_name` | write access to destination | assigned | Destination warehouse's zone, custom fields and settings now apply",
        '§3.assign-unassigned',
      ),
      rule(
        'assigned | PATCH/PUT with a different known `location_name` | write access at current and destination locations | assigned (destination) | Destination rules apply',
        '§3.move',
      ),
      rule(
        'assigned | PATCH/PUT with `location_name` null, empty string, or only spaces | write access at current location | unassigned | Times without offset read as UTC; organization-wide custom-field definitions and unassigned customer defaults apply',
        '§3.unassign',
      ),
      rule(
        "any | PATCH/PUT with `location_name` omitted | normal access | unchanged | Current location's rules apply",
        '§3.location-omitted',
      ),
      rule('any | PATCH/PUT with an unknown name | none | unchanged | Returns 404', '§3.unknown-location'),
      rule(
        'Changing `location_name` on an appointment or a product does not move it to another warehouse.',
        '§3.appointments-and-products-stay',
      ),
      rule('Only purchase orders can be moved.', '§3.only-orders-move'),
    ],
  },
];
