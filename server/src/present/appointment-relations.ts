// What rendering appointments needs besides their rows: their packing lists and the names of
// their docks and companies, in one statement however long the page is. A write renders its
// appointment before and after the change, for its events (DECISIONS 172), so one statement
// each keeps the cost of both below the three the lookups once took.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Appointment } from '../entities/appointment.js';
import type { AppointmentRelations } from '../render/appointment.js';

/** A row as the statement answers it: nested packing lists as parsed JSON, their times as ISO 8601 text. */
interface RawRow {
  id: number;
  dock_name: string | null;
  carrier_name: string | null;
  customer_name: string | null;
  packing_lists: {
    id: number;
    po_number: string | null;
    product_name: string;
    quantity: number | string;
    received_quantity: number | string | null;
    created_at: string;
    updated_at: string;
  }[];
}

export async function loadAppointmentRelations(
  em: EntityManager,
  appointments: Appointment[],
): Promise<AppointmentRelations> {
  const [first] = appointments;
  if (!first) return new Map();
  const rows = await em.execute<RawRow[]>(
    `select a.id,
        (select d.name from docks d where d.id = a.dock_id and d.organization_id = a.organization_id) as dock_name,
        (select c.name from companies c where c.id = a.carrier_id and c.organization_id = a.organization_id)
          as carrier_name,
        (select c.name from companies c where c.id = a.customer_id and c.organization_id = a.organization_id)
          as customer_name,
        coalesce((select json_agg(list order by list.id) from (
            select p.id, p.po_number, p.product_name, p.quantity, p.received_quantity, p.created_at, p.updated_at
            from packing_lists p where p.organization_id = a.organization_id and p.appointment_id = a.id
          ) list), '[]') as packing_lists
      from appointments a where a.organization_id = ? and a.id in (?)`,
    [first.organizationId, appointments.map((appointment) => appointment.id)],
  );
  const platform = em.getPlatform();
  const time = (value: string) => platform.parseDate(value) as Date;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        dockName: row.dock_name,
        carrierName: row.carrier_name,
        customerName: row.customer_name,
        packingLists: row.packing_lists.map((list) => ({
          id: list.id,
          poNumber: list.po_number,
          productName: list.product_name,
          quantity: Number(list.quantity),
          receivedQuantity: list.received_quantity === null ? null : Number(list.received_quantity),
          createdAt: time(list.created_at),
          updatedAt: time(list.updated_at),
        })),
      },
    ]),
  );
}
