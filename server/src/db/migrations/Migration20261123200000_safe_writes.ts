import { Migration } from '@mikro-orm/migrations';

// Safe writes, extensions beyond the reference (DECISIONS 110–129).
//
// Idempotency keys: the first response to a POST carrying `Idempotency-Key`, per API user and
// organization, shared by every server process. A row without a status is a claim of a request
// still running; `claimed_until` lets a claim left by a crashed process be taken over.
//
// Record versions: every record the API returns by id carries a `version` that every write bumps,
// its own and those of the rows nested in its representation (items, packing lists, custom values
// in its own columns, booked appointments), so an ETag made from it changes whenever the record
// does. Triggers bump it in the writing transaction; statement-level triggers on the nested tables
// bump each parent once per statement, not once per row.
export class Migration20261123200000_safe_writes extends Migration {
  override up(): void {
    this.addSql(`
      create table idempotency_keys (
        organization_id integer not null references organizations (id) on delete cascade,
        api_user_id integer not null references api_users (id) on delete cascade,
        key text not null,
        request_digest text not null,
        claimed_until timestamptz not null,
        expires_at timestamptz not null,
        status integer,
        headers jsonb,
        body jsonb,
        primary key (organization_id, api_user_id, key)
      );
      create index idempotency_keys_expires on idempotency_keys (expires_at);

      alter table products add column version bigint not null default 1;
      alter table companies add column version bigint not null default 1;
      alter table appointments add column version bigint not null default 1;
      alter table purchase_orders add column version bigint not null default 1;

      create function bump_own_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end $$;
      create trigger products_version before update on products
        for each row execute function bump_own_version();
      create trigger companies_version before update on companies
        for each row execute function bump_own_version();
      create trigger appointments_version before update on appointments
        for each row execute function bump_own_version();
      create trigger purchase_orders_version before update on purchase_orders
        for each row execute function bump_own_version();

      -- Items belong to one order; parents are locked in id order, as the rest of the server does.
      create function bump_orders_of_items() returns trigger language plpgsql as $$
      begin
        update purchase_orders set version = version + 1 where id in (
          select purchase_order_id from changed_rows order by 1
        );
        return null;
      end $$;
      create trigger purchase_order_items_inserted after insert on purchase_order_items
        referencing new table as changed_rows for each statement execute function bump_orders_of_items();
      create trigger purchase_order_items_updated after update on purchase_order_items
        referencing new table as changed_rows for each statement execute function bump_orders_of_items();
      create trigger purchase_order_items_deleted after delete on purchase_order_items
        referencing old table as changed_rows for each statement execute function bump_orders_of_items();

      -- A packing list is nested in its appointment and, as a booked appointment, in its order.
      create function bump_packing_list_parents() returns trigger language plpgsql as $$
      begin
        update appointments set version = version + 1 where id in (
          select appointment_id from changed_rows order by 1
        );
        update purchase_orders set version = version + 1 where id in (
          select purchase_order_id from changed_rows where purchase_order_id is not null order by 1
        );
        return null;
      end $$;
      create trigger packing_lists_inserted after insert on packing_lists
        referencing new table as changed_rows for each statement execute function bump_packing_list_parents();
      create trigger packing_lists_updated after update on packing_lists
        referencing old table as changed_rows for each statement execute function bump_packing_list_parents();
      create trigger packing_lists_moved after update on packing_lists
        referencing new table as changed_rows for each statement execute function bump_packing_list_parents();
      create trigger packing_lists_deleted after delete on packing_lists
        referencing old table as changed_rows for each statement execute function bump_packing_list_parents();

      -- An appointment is nested in the orders it is booked for.
      create function bump_orders_of_appointments() returns trigger language plpgsql as $$
      begin
        update purchase_orders set version = version + 1 where id in (
          select packing_lists.purchase_order_id from packing_lists
          join changed_rows on changed_rows.id = packing_lists.appointment_id
          where packing_lists.purchase_order_id is not null order by 1
        );
        return null;
      end $$;
      create trigger appointments_nested_version after update on appointments
        referencing new table as changed_rows for each statement execute function bump_orders_of_appointments();
    `);
  }

  override down(): void {
    this.addSql(`
      drop trigger if exists appointments_nested_version on appointments;
      drop trigger if exists packing_lists_inserted on packing_lists;
      drop trigger if exists packing_lists_updated on packing_lists;
      drop trigger if exists packing_lists_moved on packing_lists;
      drop trigger if exists packing_lists_deleted on packing_lists;
      drop trigger if exists purchase_order_items_inserted on purchase_order_items;
      drop trigger if exists purchase_order_items_updated on purchase_order_items;
      drop trigger if exists purchase_order_items_deleted on purchase_order_items;
      drop trigger if exists products_version on products;
      drop trigger if exists companies_version on companies;
      drop trigger if exists appointments_version on appointments;
      drop trigger if exists purchase_orders_version on purchase_orders;
      drop function if exists bump_orders_of_appointments, bump_packing_list_parents, bump_orders_of_items,
        bump_own_version;
      alter table products drop column version;
      alter table companies drop column version;
      alter table appointments drop column version;
      alter table purchase_orders drop column version;
      drop table if exists idempotency_keys;
    `);
  }
}
