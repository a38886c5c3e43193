// Section 4 of the reference: the endpoints, where a location is required, and the rules of
// each resource. Data; see model.ts.
import { open, type ReferenceSection, rule, rules } from './model.js';

export const endpoints: ReferenceSection[] = [
  {
    section: '4',
    title: 'Endpoints',
    units: [
      rule('All requests need the `Authorization` header (section 5).', '§4.authorization-required'),
      rule('Unless noted, success is 200 OK with the record (or an array for lists).', '§4.success-200'),
      rule('Item paths use the numeric `<id>` of the record.', '§4.numeric-ids'),
      rule('Update routes accept PATCH and PUT.', '§4.patch-and-put'),
      rule(
        'Read routes are `GET /api/v1/<resource>/<id>`; create is POST to the collection.',
        '§4.read-and-create-routes',
      ),
      rule('The API has no new/edit form routes.', '§4.no-form-routes'),
    ],
  },
  {
    section: '4.1',
    title: 'Resources and where a location is required (organization interface)',
    units: [
      rule('appointments | list, view, create, update | on create only', '§4.1.appointments'),
      rule('products | list, view, create, update, delete | on create only', '§4.1.products'),
      rule('companies | list, view, create, update, delete | never', '§4.1.companies'),
      rule('product limits | list | no', '§4.1.product-limits'),
      rule('locations | list | no', '§4.1.locations'),
      rule('purchase orders | list, view, create, update, delete | no', '§4.1.purchase-orders'),
      rule('`location_name` is matched case-insensitively; leading and trailing spaces are ignored.', '§4.1.rule-1'),
      rule('A renamed location needs the new name.', '§4.1.rule-1.renamed'),
      rule('Without `location_name`, lists span all accessible locations.', '§4.1.rule-2'),
      rule('View, update and delete infer the location from the record ID.', '§4.1.rule-2.inferred'),
      rule('With `location_name` in the query, a record ID outside that location returns 404.', '§4.1.rule-3'),
      rule(
        'On create of an appointment or product, `location_name` goes inside the record body or in the URL query.',
        '§4.1.rule-4',
      ),
      rule('When given in both places, the names must match, else 400.', '§4.1.rule-4.names-match'),
      rule(
        'Absent on create returns 400 with an `error` field saying the location name is required.',
        '§4.1.rule-4.absent',
      ),
      rule('Packing lists and purchase order items use the location of the main request.', '§4.1.rule-5'),
      rule('A location the API user cannot access returns 403.', '§4.1.rule-6'),
    ],
  },
  {
    section: '4.2',
    title: 'Locations',
    units: [
      rule('`GET {base_url}/api/v1/locations`', '§4.2.route'),
      rule('location_name | string | no | Return one accessible location by name', '§4.2.location-name-filter'),
      rules(
        'Response: 200 with an array of `{name: string, url: string}`; only accessible locations of the organization are included.',
        ['§4.2.response', '200 with an array of `{name: string, url: string}`'],
        ['§4.2.only-accessible', 'only accessible locations of the organization are included'],
      ),
      rule('Not paginated.', '§4.2.not-paginated'),
    ],
  },
  {
    section: '4.3',
    title: 'Products',
    units: [
      rule('List | GET `/api/v1/products` | none | 200, array of products', '§4.3.list'),
      rule('View | GET `/api/v1/products/<id>` | none | 200, product', '§4.3.view'),
      rule(
        'Create | POST `/api/v1/products` | `{product: {location_name, name, sku}}` | 200, product with generated `id`',
        '§4.3.create',
      ),
      rule(
        'Update | PATCH or PUT `/api/v1/products/<id>` | `{product: {...changed fields}}` | 200, product',
        '§4.3.update',
      ),
      rule('Delete | DELETE `/api/v1/products/<id>` | none | 204, no body', '§4.3.delete'),
      rule('page | integer | no | Page number, default 1', '§4.3.page'),
      rule('name | string | no | Case-insensitive starts-with match on name', '§4.3.name-filter'),
      rule('sku | string | no | Case-insensitive exact match on SKU', '§4.3.sku-filter'),
      rule('location_name | string | no | Narrow to a location (organization interface)', '§4.3.location-filter'),
      rule(
        'The same routes exist on the location interface at `{location_base_url}/api/v1/products` (list, view `:id`, create, update by PUT, delete), where the location is the address itself and the body is `{product: {name, sku}}`.',
        '§4.3.location-interface',
      ),
      rule('Only changed fields need to be sent on update.', '§4.3.partial-update'),
      rule('Organization-interface lists combine the catalogs of accessible locations.', '§4.3.combined-catalogs'),
      rule('An inaccessible product ID, or one outside an explicit location filter, returns 404.', '§4.3.not-found'),
    ],
  },
  {
    section: '4.4',
    title: 'Companies',
    units: [
      rule('List | GET `/api/v1/companies` | 200', '§4.4.list'),
      rule('View | GET `/api/v1/companies/<id>` | 200', '§4.4.view'),
      rule('Create | POST `/api/v1/companies` body `{company: {name, company_type}}` | 200', '§4.4.create'),
      rule('Update | PATCH or PUT `/api/v1/companies/<id>` | 200', '§4.4.update'),
      open('Delete | DELETE `/api/v1/companies/<id>` | success status: not shown', '§4.4.delete-status'),
      rule('Authorization for companies uses admin membership in the organization.', '§4.4.admin-membership'),
      rule(
        'A location supplied in the request applies its permissions but does not restrict the company to that warehouse.',
        '§4.4.location-does-not-restrict',
      ),
      rule('Updating a company changes it for the whole organization.', '§4.4.update-organization-wide'),
      open('Company body fields beyond those above, filters and response fields: not shown.', '§4.4.remaining'),
    ],
  },
  {
    section: '4.5',
    title: 'Appointments',
    units: [
      rule('List | GET `/api/v1/appointments` | 200, array', '§4.5.list'),
      rule('View | GET `/api/v1/appointments/<id>` | 200', '§4.5.view'),
      rule(
        'Create | POST `/api/v1/appointments` body `{appointment: {location_name, scheduled_at, duration, dock_name, carrier_name, ...}}` | 200',
        '§4.5.create',
      ),
      rule('Update | PATCH or PUT `/api/v1/appointments/<id>` body `{appointment: {...}}` | 200', '§4.5.update'),
      rule('Appointment deletion is not supported.', '§4.5.no-delete'),
      open('Appointment list filters, complete field list, and cancellation procedure: not shown.', '§4.5.remaining'),
    ],
  },
  {
    section: '4.6',
    title: 'Purchase orders',
    units: [
      rule('List | GET `/api/v1/purchase_orders` | 200, array; more pages via `Link` header', '§4.6.list'),
      rule('View | GET `/api/v1/purchase_orders/<id>` (optional `location_name` query) | 200', '§4.6.view'),
      rule(
        'Create | POST `/api/v1/purchase_orders` body `{purchase_order: {...}}` | 200, order with `id`',
        '§4.6.create',
      ),
      rule(
        'Update | PATCH or PUT `/api/v1/purchase_orders/<id>` body `{purchase_order: {...changed fields}}` | 200, updated order',
        '§4.6.update',
      ),
      rule(
        'Delete | DELETE `/api/v1/purchase_orders/<id>` (optional `location_name` in URL) | 204 No Content',
        '§4.6.delete',
      ),
      rule('Booked | GET `/api/v1/purchase_orders/with_booked_appointments` | 200', '§4.6.booked'),
      rule(
        "location_name | string | no | Include that location's orders plus unassigned orders",
        '§4.6.list.location-filter',
      ),
      rule('po_number | string | no | Filter by purchase order number', '§4.6.list.po-number-filter'),
      rule('page | integer | no | Page number', '§4.6.list.page'),
      rule(
        "(time filters) | string | no | Collection time filters read offset-less times in the query location's zone, otherwise UTC; invalid filters return 400",
        '§4.6.list.time-filters',
      ),
      rule(
        "Without `location_name`, the list contains orders at all accessible locations plus the organization's unassigned orders.",
        '§4.6.list.unfiltered',
      ),
      rule('An order at an inaccessible location returns 404 on view.', '§4.6.not-found'),
      rule('Body `location_name` omitted: keep the location.', '§4.6.update.rule-1.omitted'),
      rules(
        'Known name: assign or move. null, empty or whitespace-only: unassign.',
        ['§4.6.update.rule-1.known', 'Known name: assign or move.'],
        ['§4.6.update.rule-1.blank', 'null, empty or whitespace-only: unassign.'],
      ),
      rule('Unknown name: 404 and location unchanged.', '§4.6.update.rule-1.unknown'),
      rules(
        'Write permission is needed at both the current location and the destination; an unassigned order needs access only to the destination.',
        ['§4.6.update.rule-2.both', 'Write permission is needed at both the current location and the destination'],
        ['§4.6.update.rule-2.unassigned', 'an unassigned order needs access only to the destination'],
      ),
      rule('No access to the destination returns 403.', '§4.6.update.rule-2.destination'),
      rule('A `location_name` in the URL only limits which orders can be found.', '§4.6.update.rule-3.url'),
      rule('To move an order put the destination in the body and leave it out of the URL.', '§4.6.update.rule-3.body'),
      rule('Different names in URL and body return 400.', '§4.6.update.rule-3.names-match'),
      rule(
        'location_name | string | no | Limit to an accessible location plus unassigned orders',
        '§4.6.booked.location-filter',
      ),
      rule(
        'start_time | string | no | Orders with an accessible appointment starting at or after this time',
        '§4.6.booked.start-time',
      ),
      rule(
        'end_time | string | no | Orders with an accessible appointment starting at or before this time (does not filter finish times)',
        '§4.6.booked.end-time',
      ),
      rule('updated_since | string | no | Orders created or updated since this time', '§4.6.booked.updated-since'),
      rule('limit | integer | no | Results per request; default 100, maximum 250', '§4.6.booked.limit'),
      rule('offset | integer | no | Results to skip; default 0', '§4.6.booked.offset'),
      rule(
        'The response contains purchase orders and only those appointments at accessible locations; inaccessible appointments neither affect time filtering nor cause an order to appear.',
        '§4.6.booked.accessible-only',
      ),
      rule('This endpoint uses `limit` and `offset`, not `page`.', '§4.6.booked.limit-offset'),
      open(
        'Response fields of purchase orders and complete list response shape: not shown.',
        '§4.6.booked.response-shape',
      ),
      rule("Create or update an assigned order | the effective assigned location's zone", '§4.6.zones.assigned'),
      rule('Create an unassigned order, or clear assignment | UTC', '§4.6.zones.unassigned'),
      rule(
        "Update of an assigned order without `location_name` | the order's existing warehouse zone",
        '§4.6.zones.update-without-location',
      ),
      rule("Move | the destination's zone", '§4.6.zones.move'),
      rule("Collection time filters | the query location's zone, otherwise UTC", '§4.6.zones.filters'),
      rule('Explicit offsets (such as `-04:00`) or `Z` always take precedence.', '§4.6.zones.explicit-offset'),
      rule(
        'Product names are stored as text; no product entity is created or assigned.',
        '§4.6.products-customers.rule-1',
      ),
      rule(
        "An assigned order still applies its warehouse's product-name validation and settings, including updates without a location selector.",
        '§4.6.products-customers.rule-1.validation',
      ),
      rule(
        'Customer names are matched against existing companies in the organization; if none matches, a new customer is created when the API user has permission.',
        '§4.6.products-customers.rule-2',
      ),
      rule(
        'For unassigned orders, new customer names are allowed, and a new company gets `auto_approve_appointments` = false and `can_create_carriers` = false.',
        '§4.6.products-customers.rule-3',
      ),
      rule(
        "Assigned orders use the effective warehouse's customer-creation settings (also on updates without selector).",
        '§4.6.products-customers.rule-4',
      ),
      rules(
        'A move uses the destination settings; clearing assignment uses the unassigned defaults.',
        ['§4.6.products-customers.rule-4.move', 'A move uses the destination settings'],
        ['§4.6.products-customers.rule-4.clear', 'clearing assignment uses the unassigned defaults'],
      ),
      rule('Values go in `custom_values` on the order or on its line items.', '§4.6.custom-fields.rule-1'),
      rule(
        "Assigned orders use fields enabled at the order's warehouse (also when `location_name` is omitted on update).",
        '§4.6.custom-fields.rule-2',
      ),
      rule(
        "Unassigned orders use the organization's custom-field definitions, including ones not enabled at any warehouse.",
        '§4.6.custom-fields.rule-3',
      ),
      rule('A query location does not narrow them.', '§4.6.custom-fields.rule-3.query-location'),
      rules(
        "A move uses the destination's fields; clearing assignment uses organization-wide definitions.",
        ['§4.6.custom-fields.rule-4.move', "A move uses the destination's fields"],
        ['§4.6.custom-fields.rule-4.clear', 'clearing assignment uses organization-wide definitions'],
      ),
      rules(
        'JSON-type fields accept objects and arrays; other values are stored as text and must meet their configured validation rules.',
        ['§4.6.custom-fields.rule-5.json', 'JSON-type fields accept objects and arrays'],
        [
          '§4.6.custom-fields.rule-5.text',
          'other values are stored as text and must meet their configured validation rules',
        ],
      ),
      rule('An unknown field name returns 422.', '§4.6.custom-fields.rule-6'),
      rule(
        'If a key has conflicting types across applicable definitions, the order must be assigned to a warehouse with an unambiguous definition or the types made consistent.',
        '§4.6.custom-fields.rule-6.conflicting-types',
      ),
    ],
  },
  {
    section: '4.7',
    title: 'Product limits',
    units: [
      rule('`GET {base_url}/api/v1/product_limits`', '§4.7.route'),
      rule('location_name | string | no | Warehouse filter', '§4.7.location-filter'),
      rule('start_date | date `YYYY-MM-DD` | no | First date to include', '§4.7.start-date'),
      rule('end_date | date `YYYY-MM-DD` | no | Last date to include', '§4.7.end-date'),
      rule('product_name | string | no | Filter by product name', '§4.7.product-name'),
      rule('page | integer | no | Page number', '§4.7.page'),
      rule('Response: 200, JSON object with a `product_limits` array.', '§4.7.response'),
      rule(
        'Without date filters each warehouse uses its own current date through seven days later, including override selection.',
        '§4.7.default-dates',
      ),
      rule('Explicit dates are local calendar dates.', '§4.7.local-dates'),
      rule('Read-only.', '§4.7.read-only'),
      open('The shape of each array entry: not shown.', '§4.7.entry-shape'),
    ],
  },
  {
    section: '4.8',
    title: 'Bulk upload',
    units: [
      rule('Bulk uploads exist on the location interface.', '§4.8.location-interface'),
      open('Their path, method and payload: not shown.', '§4.8.shape'),
    ],
  },
];
