import { Migration } from '@mikro-orm/migrations';

// The whole schema of the reference server. Every tenant table carries organization_id so
// that every query can be scoped by it; every filter the API offers has an index.
export class Migration20261122000000_initial extends Migration {
  override up(): void {
    this.addSql(`
      create table organizations (
        id serial primary key,
        name text not null,
        subdomain text not null unique,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );

      create table locations (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        name text not null,
        subdomain text not null unique,
        time_zone text not null,
        paid boolean not null default false,
        require_catalog_products boolean not null default false,
        required_po_fields text[] not null default '{}',
        allow_customer_creation boolean not null default true,
        new_customer_auto_approve boolean not null default false,
        new_customer_can_create_carriers boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index locations_organization_name on locations (organization_id, lower(name));

      create table api_users (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        name text not null,
        token_digest bytea not null unique,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index api_users_organization_name on api_users (organization_id, name);

      create table location_roles (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        api_user_id integer not null references api_users (id) on delete cascade,
        location_id integer not null references locations (id) on delete cascade,
        role text not null check (role in ('admin', 'read_only')),
        unique (api_user_id, location_id)
      );

      create table docks (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        location_id integer not null references locations (id) on delete cascade,
        name text not null
      );
      create unique index docks_location_name on docks (location_id, lower(name));

      create table companies (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        name text not null,
        company_type text not null check (company_type in ('customer', 'carrier')),
        company_number text,
        contact_name text,
        contact_email text,
        contact_phone text,
        address_line1 text,
        address_line2 text,
        city text,
        region text,
        postal_code text,
        country text,
        auto_approve_appointments boolean not null default false,
        can_create_carriers boolean not null default false,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index companies_organization_type_name on companies (organization_id, company_type, lower(name));
      create index companies_organization_name_prefix on companies (organization_id, lower(name) text_pattern_ops);
      create index companies_organization_number on companies (organization_id, company_number);

      create table products (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        location_id integer not null references locations (id) on delete cascade,
        name text not null,
        sku text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index products_location_sku on products (location_id, lower(sku)) where sku is not null;
      create index products_location_name_prefix on products (location_id, lower(name) text_pattern_ops);
      create index products_organization_id on products (organization_id, id);

      create table custom_field_definitions (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        key text not null,
        label text not null,
        applies_to text not null check (applies_to in ('purchase_order', 'purchase_order_item')),
        field_type text not null check (field_type in ('text', 'number', 'date', 'boolean', 'select', 'json')),
        rules jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index custom_field_definitions_lookup on custom_field_definitions (organization_id, applies_to, key);

      create table custom_field_locations (
        organization_id integer not null references organizations (id) on delete cascade,
        custom_field_definition_id integer not null references custom_field_definitions (id) on delete cascade,
        location_id integer not null references locations (id) on delete cascade,
        primary key (custom_field_definition_id, location_id)
      );
      create index custom_field_locations_location on custom_field_locations (location_id);

      create table purchase_orders (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        location_id integer references locations (id) on delete restrict,
        po_number text not null,
        expected_starts_at timestamptz,
        expected_ends_at timestamptz,
        earliest_assignment_date timestamptz,
        carrier_name text,
        reference_numbers text[] not null default '{}',
        notes text,
        custom_values jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create unique index purchase_orders_organization_po_number on purchase_orders (organization_id, po_number);
      create index purchase_orders_organization_location on purchase_orders (organization_id, location_id, id);
      create index purchase_orders_organization_updated on purchase_orders (organization_id, updated_at);
      create index purchase_orders_organization_expected on purchase_orders (organization_id, expected_starts_at);

      create table purchase_order_items (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        purchase_order_id integer not null references purchase_orders (id) on delete cascade,
        product_name text not null,
        quantity numeric not null,
        customer_id integer references companies (id) on delete restrict,
        custom_values jsonb not null default '{}',
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index purchase_order_items_order on purchase_order_items (purchase_order_id, id);
      create index purchase_order_items_customer on purchase_order_items (customer_id);

      create table appointments (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        location_id integer not null references locations (id) on delete restrict,
        state text not null check (
          state in ('needs_booking', 'pending', 'booked', 'arrived', 'started', 'completed', 'left', 'cancelled')
        ),
        appointment_type text not null default 'delivery' check (appointment_type in ('delivery', 'pickup')),
        scheduled_at timestamptz,
        duration integer not null default 60 check (duration between 1 and 1440),
        dock_id integer references docks (id) on delete set null,
        carrier_id integer references companies (id) on delete restrict,
        customer_id integer references companies (id) on delete restrict,
        reference_numbers text[] not null default '{}',
        notes text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index appointments_organization_location_scheduled
        on appointments (organization_id, location_id, scheduled_at);
      create index appointments_organization_state on appointments (organization_id, state);
      create index appointments_organization_updated on appointments (organization_id, updated_at);
      create index appointments_carrier on appointments (carrier_id);
      create index appointments_customer on appointments (customer_id);

      create table packing_lists (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        appointment_id integer not null references appointments (id) on delete cascade,
        purchase_order_id integer references purchase_orders (id) on delete set null,
        po_number text,
        product_id integer references products (id) on delete set null,
        product_name text not null,
        quantity numeric not null,
        received_quantity numeric,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index packing_lists_appointment on packing_lists (appointment_id, id);
      create index packing_lists_purchase_order on packing_lists (purchase_order_id);
      create index packing_lists_product on packing_lists (product_id);

      create table product_limits (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        location_id integer not null references locations (id) on delete cascade,
        product_id integer not null references products (id) on delete cascade,
        quantity integer not null check (quantity >= 0),
        start_time time not null,
        end_time time not null,
        days_of_week integer[] not null default '{1,2,3,4,5,6,7}',
        start_date date not null,
        end_date date,
        enabled boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index product_limits_organization_location on product_limits (organization_id, location_id, id);
      create index product_limits_product on product_limits (product_id);

      create table product_limit_overrides (
        id serial primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        product_limit_id integer not null references product_limits (id) on delete cascade,
        date date not null,
        quantity integer not null check (quantity >= 0),
        start_time time,
        end_time time,
        unique (product_limit_id, date)
      );

      -- Rate-limit counters (the layout rate-limiter-flexible's PostgreSQL store expects),
      -- shared by every server process; keys are digests of the Authorization value.
      create table rate_limits (
        key varchar(255) primary key,
        points integer not null default 0,
        expire bigint
      );
    `);
  }

  override down(): void {
    this.addSql(`
      drop table if exists rate_limits, product_limit_overrides, product_limits, packing_lists,
        appointments, purchase_order_items, purchase_orders, custom_field_locations,
        custom_field_definitions, products, companies, docks, location_roles, api_users,
        locations, organizations cascade;
    `);
  }
}
