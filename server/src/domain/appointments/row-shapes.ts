// What an appointment shows, read from an entity or a plain row (rows.ts) and rendered
// (render/appointment.ts) in one shape. Types only.
import type { Appointment, PackingList } from '../../entities/appointment.js';

/** What a packing list shows. */
export type PackingListView = Pick<
  PackingList,
  'id' | 'poNumber' | 'productName' | 'quantity' | 'receivedQuantity' | 'createdAt' | 'updatedAt'
>;

/** What rendering an appointment needs besides its row: the names it refers to and its packing lists. */
export interface AppointmentParts {
  dockName: string | null;
  carrierName: string | null;
  customerName: string | null;
  packingLists: PackingListView[];
}

/** What an appointment shows of its own row. */
export type AppointmentFields = Pick<
  Appointment,
  | 'id'
  | 'state'
  | 'appointmentType'
  | 'scheduledAt'
  | 'duration'
  | 'referenceNumbers'
  | 'notes'
  | 'createdAt'
  | 'updatedAt'
>;
