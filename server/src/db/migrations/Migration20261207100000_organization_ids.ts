import { Migration } from '@mikro-orm/migrations';

// Ids per organization (DECISIONS 440). Rows of every table whose ids the API shows took their
// ids from sequences shared by every organization, so the gap between two of an organization's
// ids counted the other organizations' writes. Each such row now also has `public_id`, the id
// the API shows, drawn from a sequence of its organization's own for that table
// (`<table>_ids_<organization>`), which a trigger before each insert reads whoever writes the
// row. `id` stays the row's key, which foreign keys, joins and locks use, and is never shown.
//
// A sequence, not a counter row: `nextval` is not transactional, so concurrent writers of one
// organization never wait for each other, as they did not before. One per table, so that a
// table's ids count only its own records (an organization's deliveries, the busiest, use up no
// ids of its products) and keep the numbers the records had. Existing rows keep the ids they
// showed (`public_id = id`), and each sequence starts above its table's largest for the
// organization. Lists are ordered by the shown id, so every index that kept a list in id order
// keeps it in `public_id` order now, and a unique index per organization serves lookups by it.

/** The tables whose ids the API shows: records, their nested items and packing lists, webhooks. */
export const recordTables = [
  'products',
  'companies',
  'purchase_orders',
  'purchase_order_items',
  'appointments',
  'packing_lists',
  'product_limits',
  'webhook_endpoints',
  'webhook_deliveries',
];

/**
 * Indexes that kept a list in id order, with their columns. Those on `(organization_id, id)`
 * give way to the unique index on `(organization_id, public_id)`; the others order by
 * `public_id` under a name that says so.
 */
const orderedIndexes = [
  { table: 'products', name: 'products_organization_id', columns: ['organization_id', 'id'] },
  { table: 'products', name: 'products_location_id', columns: ['location_id', 'id'] },
  {
    table: 'purchase_orders',
    name: 'purchase_orders_organization_location',
    columns: ['organization_id', 'location_id', 'id'],
  },
  { table: 'purchase_orders', name: 'purchase_orders_location_id', columns: ['location_id', 'id'] },
  { table: 'appointments', name: 'appointments_location_id', columns: ['location_id', 'id'] },
  {
    table: 'product_limits',
    name: 'product_limits_organization_location',
    columns: ['organization_id', 'location_id', 'id'],
  },
  { table: 'webhook_endpoints', name: 'webhook_endpoints_organization', columns: ['organization_id', 'id'] },
  { table: 'webhook_deliveries', name: 'webhook_deliveries_endpoint', columns: ['endpoint_id', 'id desc'] },
];

type OrderedIndex = (typeof orderedIndexes)[number];

/** The tables as a PostgreSQL array, for the functions that make and drop an organization's sequences. */
const tables = `array[${recordTables.map((table) => `'${table}'`).join(', ')}]`;

/** Whether the unique index on an organization's ids takes the index's place. */
const byOrganization = (index: OrderedIndex) => index.columns.join() === 'organization_id,id';

/** The index as it orders by `public_id`. */
const publicIndex = (index: OrderedIndex) => ({
  name: `${index.name.replace(/_id$/, '')}_public_id`,
  columns: index.columns.map((column) => column.replace(/^id\b/, 'public_id')),
});

export class Migration20261207100000_organization_ids extends Migration {
  override up(): void {
    this.addSql(`
      -- The next id of an organization's records of a table.
      create function record_public_id(record_table text, organization integer) returns integer language sql as $$
        select nextval(format('%s_ids_%s', record_table, organization)::regclass)::integer
      $$;

      -- Every insert takes its public id from the sequence, whatever it says.
      create function set_record_public_id() returns trigger language plpgsql as $$
      begin
        new.public_id := record_public_id(tg_table_name, new.organization_id);
        return new;
      end $$;

      -- An organization's sequences live and die with it. One left by a deleted organization
      -- whose trigger did not run (a restore with triggers off) gives way to a new one.
      create function create_record_ids() returns trigger language plpgsql as $$
      declare record_table text;
      begin
        foreach record_table in array ${tables} loop
          execute format('drop sequence if exists %s_ids_%s', record_table, new.id);
          execute format('create sequence %s_ids_%s as integer', record_table, new.id);
        end loop;
        return null;
      end $$;
      create function drop_record_ids() returns trigger language plpgsql as $$
      declare record_table text;
      begin
        foreach record_table in array ${tables} loop
          execute format('drop sequence if exists %s_ids_%s', record_table, old.id);
        end loop;
        return null;
      end $$;
    `);

    for (const table of recordTables) this.addSql(`alter table ${table} add column public_id integer;`);
    // The rows keep the ids they showed. Without the tables' own triggers: a backfill is no
    // change of a record, so versions (and ETags), counts and kept bookings stay as they are.
    for (const table of recordTables) {
      this.addSql(`
        alter table ${table} disable trigger user;
        update ${table} set public_id = id;
        alter table ${table} enable trigger user;
        alter table ${table} alter column public_id set not null;`);
    }
    for (const table of recordTables) {
      this.addSql(`create unique index ${table}_organization_public_id on ${table} (organization_id, public_id);`);
    }
    for (const index of orderedIndexes) {
      if (!byOrganization(index)) {
        const { name, columns } = publicIndex(index);
        this.addSql(`create index ${name} on ${index.table} (${columns.join(', ')});`);
      }
      this.addSql(`drop index ${index.name};`);
    }

    // Each sequence starts above the largest id the organization's records of its table have.
    for (const table of recordTables) {
      this.addSql(`
        do $$
        declare organization record;
        begin
          for organization in select o.id, coalesce(max(t.public_id), 0) + 1 as next
              from organizations o left join ${table} t on t.organization_id = o.id group by o.id loop
            execute format('create sequence ${table}_ids_%s as integer start with %s', organization.id, organization.next);
          end loop;
        end $$;`);
    }
    this.addSql(`
      create trigger organizations_record_ids after insert on organizations
        for each row execute function create_record_ids();
      create trigger organizations_record_ids_dropped after delete on organizations
        for each row execute function drop_record_ids();
    `);
    for (const table of recordTables) {
      this.addSql(`create trigger ${table}_public_id before insert on ${table}
        for each row execute function set_record_public_id();`);
    }
  }

  override down(): void {
    for (const index of orderedIndexes) {
      this.addSql(`create index ${index.name} on ${index.table} (${index.columns.join(', ')});`);
    }
    // Dropping the column drops its indexes; dropping the functions drops the triggers.
    for (const table of recordTables) this.addSql(`alter table ${table} drop column public_id;`);
    this.addSql(`
      do $$
      declare organization record;
      declare record_table text;
      begin
        for organization in select id from organizations loop
          foreach record_table in array ${tables} loop
            execute format('drop sequence if exists %s_ids_%s', record_table, organization.id);
          end loop;
        end loop;
      end $$;
      drop function set_record_public_id() cascade;
      drop function create_record_ids() cascade;
      drop function drop_record_ids() cascade;
      drop function record_public_id(text, integer);
    `);
  }
}
