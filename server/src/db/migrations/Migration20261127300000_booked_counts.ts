import { Migration } from '@mikro-orm/migrations';

// The booked search's Total-Count at scale (DECISIONS 290–292). An order "with booked
// appointments" (DECISIONS 30) counts for a reader when one of its booked appointments is at a
// location the reader may see, so a count per location would count an order booked at two
// locations twice. What is kept instead:
// - `booked_orders`: each order with a booked appointment, where it is (0: unassigned) and the
//   set of locations of its booked appointments, sorted;
// - `booked_order_counts`: how many orders share each (organization, order location, set).
// An unfiltered search then sums the few counts whose order location is in scope and whose set
// meets the reader's locations: exact, without visiting the orders.
// Triggers keep both in the writing transaction, for every change that can alter them: packing
// lists written, an appointment's state, location or time changed, an order moved or deleted.

/** Appointment states that book an order; the same list as `bookedStates` in the domain. */
const booked = `('booked', 'arrived', 'started', 'completed', 'left')`;

export class Migration20261127300000_booked_counts extends Migration {
  override up(): void {
    this.addSql(`
      create table booked_orders (
        purchase_order_id integer primary key,
        organization_id integer not null references organizations (id) on delete cascade,
        order_location integer not null,
        appointment_locations integer[] not null
      );
      create table booked_order_counts (
        organization_id integer not null references organizations (id) on delete cascade,
        order_location integer not null,
        appointment_locations integer[] not null,
        count bigint not null,
        primary key (organization_id, order_location, appointment_locations)
      );

      -- Recomputes what is kept of these orders from the rows as they now are. The orders are
      -- locked first, in id order as the rest of the server locks them, so two transactions
      -- changing the bookings of one order take turns; the statement after the lock reads with a
      -- new snapshot (read committed), which holds what the other one committed.
      create function refresh_booked_orders(order_ids integer[]) returns void language plpgsql as $$
      begin
        if cardinality(order_ids) = 0 then return; end if;
        -- Joins with the ids rather than "= any(order_ids)", which a scan would test row by row
        -- against the whole array: a bulk write passes hundreds of thousands.
        perform 1 from purchase_orders po join unnest(order_ids) as ids (id) on ids.id = po.id
          order by po.id for no key update of po;
        with ids as (
          select distinct id from unnest(order_ids) as ids (id)
        ), next as (
          select * from (
            select po.id, po.organization_id, coalesce(po.location_id, 0) as order_location,
              array(
                select distinct a.location_id from packing_lists pl join appointments a on a.id = pl.appointment_id
                 where pl.purchase_order_id = po.id and pl.organization_id = po.organization_id
                   and a.organization_id = po.organization_id and a.state in ${booked}
                   and a.scheduled_at is not null
                 order by 1
              ) as appointment_locations
            from purchase_orders po join ids on ids.id = po.id
          ) wanted where cardinality(appointment_locations) > 0
        ), changed as (
          -- Orders whose kept row differs from what they now are: either side may be missing.
          select p.purchase_order_id as old_id, p.organization_id as old_organization,
                 p.order_location as old_location, p.appointment_locations as old_set,
                 n.id as new_id, n.organization_id as new_organization,
                 n.order_location as new_location, n.appointment_locations as new_set
            from (select b.* from booked_orders b join ids on ids.id = b.purchase_order_id) p
            full join next n on n.id = p.purchase_order_id
           where (p.organization_id, p.order_location, p.appointment_locations)
             is distinct from (n.organization_id, n.order_location, n.appointment_locations)
        ), counted as (
          -- Counters are written in key order, so concurrent transactions lock them alike.
          insert into booked_order_counts as c (organization_id, order_location, appointment_locations, count)
            select organization_id, order_location, appointment_locations, sum(delta) from (
                select old_organization as organization_id, old_location as order_location,
                       old_set as appointment_locations, -1 as delta from changed where old_id is not null
                union all
                select new_organization, new_location, new_set, 1 from changed where new_id is not null
              ) changes
             group by 1, 2, 3 having sum(delta) <> 0 order by 1, 2, 3
          on conflict (organization_id, order_location, appointment_locations)
            do update set count = c.count + excluded.count
        ), removed as (
          delete from booked_orders b using changed
           where b.purchase_order_id = changed.old_id and changed.new_id is null
        )
        insert into booked_orders (purchase_order_id, organization_id, order_location, appointment_locations)
          select new_id, new_organization, new_location, new_set from changed where new_id is not null order by new_id
        on conflict (purchase_order_id) do update set organization_id = excluded.organization_id,
          order_location = excluded.order_location, appointment_locations = excluded.appointment_locations;
      end $$;

      -- Packing lists name the orders: those they named before and those they name now.
      create function refresh_booked_orders_of_packing_lists() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          perform refresh_booked_orders(array(select distinct purchase_order_id from new_rows where purchase_order_id is not null));
        elsif tg_op = 'DELETE' then
          perform refresh_booked_orders(array(select distinct purchase_order_id from old_rows where purchase_order_id is not null));
        else
          perform refresh_booked_orders(array(
            select purchase_order_id from new_rows where purchase_order_id is not null
            union select purchase_order_id from old_rows where purchase_order_id is not null));
        end if;
        return null;
      end $$;
      create trigger packing_lists_booked_insert after insert on packing_lists
        referencing new table as new_rows for each statement execute function refresh_booked_orders_of_packing_lists();
      create trigger packing_lists_booked_update after update on packing_lists
        referencing new table as new_rows old table as old_rows
        for each statement execute function refresh_booked_orders_of_packing_lists();
      create trigger packing_lists_booked_delete after delete on packing_lists
        referencing old table as old_rows for each statement execute function refresh_booked_orders_of_packing_lists();

      -- An appointment books or stops booking its orders, or books them elsewhere.
      create function refresh_booked_orders_of_appointments() returns trigger language plpgsql as $$
      begin
        perform refresh_booked_orders(array(
          select distinct pl.purchase_order_id from new_rows n join old_rows o on o.id = n.id
            join packing_lists pl on pl.appointment_id = n.id
           where pl.purchase_order_id is not null
             and (n.organization_id, n.location_id, n.state, n.scheduled_at is null)
               is distinct from (o.organization_id, o.location_id, o.state, o.scheduled_at is null)));
        return null;
      end $$;
      create trigger appointments_booked_update after update on appointments
        referencing new table as new_rows old table as old_rows
        for each statement execute function refresh_booked_orders_of_appointments();

      -- An order moved or deleted: only orders with booked appointments have anything kept.
      create function refresh_booked_orders_of_orders() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' then
          perform refresh_booked_orders(array(
            select o.id from old_rows o join booked_orders b on b.purchase_order_id = o.id));
        else
          perform refresh_booked_orders(array(
            select n.id from new_rows n join old_rows o on o.id = n.id join booked_orders b on b.purchase_order_id = n.id
             where n.location_id is distinct from o.location_id));
        end if;
        return null;
      end $$;
      create trigger purchase_orders_booked_update after update on purchase_orders
        referencing new table as new_rows old table as old_rows
        for each statement execute function refresh_booked_orders_of_orders();
      create trigger purchase_orders_booked_delete after delete on purchase_orders
        referencing old table as old_rows for each statement execute function refresh_booked_orders_of_orders();

      -- What exists already, counted under locks so that nothing changes between the count and the triggers.
      lock table purchase_orders, packing_lists, appointments in share row exclusive mode;
      select refresh_booked_orders(array(select distinct purchase_order_id from packing_lists where purchase_order_id is not null));
    `);
  }

  override down(): void {
    this.addSql(`
      drop function refresh_booked_orders_of_orders() cascade;
      drop function refresh_booked_orders_of_appointments() cascade;
      drop function refresh_booked_orders_of_packing_lists() cascade;
      drop function refresh_booked_orders(integer[]);
      drop table booked_order_counts, booked_orders;
    `);
  }
}
