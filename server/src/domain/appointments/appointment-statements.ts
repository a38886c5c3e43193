// A checked write of one appointment (planAppointment) as a statement of its own, without the
// unit of work, as an order's is (DECISIONS 390, 395, 494; how the values travel:
// row-statements.ts): the appointment and its packing lists, new or changed, in one statement
// that answers it whole.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Location } from '../../entities/location.js';
import { type ChildTable, insertWithChildren, type ParentTable, updateWithChildren } from '../row-statements.js';
import type { PackingListValues, StoredPackingList } from './packing-lists.js';
import { type AppointmentRow, type LockedAppointment, writtenAppointmentRow } from './rows.js';
import type { AppointmentPlan, AppointmentValues } from './write.js';

/** The written columns of an appointment, as its plan's values name them. */
const appointmentColumns: Record<keyof AppointmentValues, string> = {
  state: 'state',
  appointmentType: 'appointment_type',
  scheduledAt: 'scheduled_at',
  duration: 'duration',
  dockId: 'dock_id',
  carrierId: 'carrier_id',
  customerId: 'customer_id',
  referenceNumbers: 'reference_numbers',
  notes: 'notes',
};

/** An appointment's packing lists. */
const packingLists: ChildTable<keyof PackingListValues> = {
  table: 'packing_lists',
  parent: 'appointment_id',
  columns: {
    productId: 'product_id',
    productName: 'product_name',
    purchaseOrderId: 'purchase_order_id',
    poNumber: 'po_number',
    quantity: 'quantity',
    receivedQuantity: 'received_quantity',
  },
};

/** What a new packing list holds: the entry's fields, no order and nothing received unless it says so. */
const added = (fields: Partial<PackingListValues>): PackingListValues =>
  ({ purchaseOrderId: null, poNumber: null, receivedQuantity: null, ...fields }) as PackingListValues;

const appointments: ParentTable<keyof AppointmentValues> = {
  table: 'appointments',
  columns: appointmentColumns,
  alias: 'a',
};

/** Inserts a planned new appointment at `location` and its packing lists in one statement, which answers it whole. */
export function insertAppointment(
  em: EntityManager,
  location: Location,
  plan: AppointmentPlan<StoredPackingList>,
): Promise<AppointmentRow> {
  const lists = plan.packingLists.steps.flatMap((step) => ('add' in step ? [added(step.add)] : []));
  const keys = { organization_id: location.organizationId, location_id: location.id };
  return insertWithChildren(appointments, keys, plan.values, packingLists, lists, (write) =>
    writtenAppointmentRow(em, write),
  );
}

/**
 * Writes a planned change to `appointment` (locked and read whole) and its packing lists in one
 * statement, which answers it whole (updateWithChildren); undefined when the plan holds what is
 * stored.
 */
export function updateAppointment(
  em: EntityManager,
  appointment: LockedAppointment,
  plan: AppointmentPlan<StoredPackingList>,
): Promise<AppointmentRow | undefined> {
  const { organizationId, id } = appointment;
  const steps = plan.packingLists.steps;
  return updateWithChildren(
    { ...appointments, organizationId, id, stored: appointment, values: plan.values },
    packingLists,
    {
      removed: steps.flatMap((step) => ('remove' in step ? [step.remove.id] : [])),
      changed: steps.flatMap((step) =>
        'change' in step
          ? [{ id: step.change.id, values: { ...pickValues(step.change), ...step.fields } as PackingListValues }]
          : [],
      ),
      added: steps.flatMap((step) => ('add' in step ? [added(step.add)] : [])),
    },
    (write) => writtenAppointmentRow(em, write),
  );
}

/** A stored packing list's values. */
function pickValues(list: StoredPackingList): PackingListValues {
  const { productId, productName, purchaseOrderId, poNumber, quantity, receivedQuantity } = list;
  return { productId, productName, purchaseOrderId, poNumber, quantity, receivedQuantity };
}
