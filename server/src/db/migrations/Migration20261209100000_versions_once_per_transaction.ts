import { Migration } from '@mikro-orm/migrations';

// A parent's version changes once per transaction that writes it or what it nests (DECISIONS
// 494). The triggers that bump an order or an appointment for its items, packing lists or
// booked appointments now skip a parent whose row the transaction has written itself (its xmin
// is the transaction), as the directory's version does: that write already gave it a new
// version. So a statement that writes a parent and its children together can answer the
// parent's version from its own `returning`: the children's triggers, which run after it, leave
// that version as it is.

/** The three bump functions, each update kept to the rows `also` lets through. */
const bumpFunctions = (also: string) => `
  create or replace function bump_orders_of_items() returns trigger language plpgsql as $$
  begin
    update purchase_orders set version = version + 1 where id in (
      select purchase_order_id from changed_rows order by 1
    )${also};
    return null;
  end $$;

  create or replace function bump_packing_list_parents() returns trigger language plpgsql as $$
  begin
    update appointments set version = version + 1 where id in (
      select appointment_id from changed_rows order by 1
    )${also};
    update purchase_orders set version = version + 1 where id in (
      select purchase_order_id from changed_rows where purchase_order_id is not null order by 1
    )${also};
    return null;
  end $$;

  create or replace function bump_orders_of_appointments() returns trigger language plpgsql as $$
  begin
    update purchase_orders set version = version + 1 where id in (
      select packing_lists.purchase_order_id from packing_lists
      join changed_rows on changed_rows.id = packing_lists.appointment_id
      where packing_lists.purchase_order_id is not null order by 1
    )${also};
    return null;
  end $$;`;

export class Migration20261209100000_versions_once_per_transaction extends Migration {
  override up(): void {
    this.addSql(bumpFunctions(' and xmin <> pg_current_xact_id()::xid'));
  }

  override down(): void {
    this.addSql(bumpFunctions(''));
  }
}
