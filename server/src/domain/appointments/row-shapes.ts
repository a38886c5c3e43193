// What an appointment shows, read from an entity or a plain row (rows.ts) and rendered
// (render/appointment.ts) in one shape. Types only.
import type { Appointment, PackingList } from '../../entities/appointment.js';
import type { Company } from '../../entities/company.js';

/** What a packing list shows. */
export type PackingListView = Pick<
  PackingList,
  'id' | 'publicId' | 'poNumber' | 'productName' | 'quantity' | 'receivedQuantity' | 'createdAt' | 'updatedAt'
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
  | 'publicId'
  | 'state'
  | 'appointmentType'
  | 'scheduledAt'
  | 'duration'
  | 'referenceNumbers'
  | 'notes'
  | 'createdAt'
  | 'updatedAt'
>;

/** What planning reads of a stored appointment: an entity, or a row a write locked and read. */
export type StoredAppointment = Pick<
  Appointment,
  | 'organizationId'
  | 'state'
  | 'appointmentType'
  | 'scheduledAt'
  | 'duration'
  | 'dockId'
  | 'carrierId'
  | 'customerId'
  | 'referenceNumbers'
  | 'notes'
> & { id?: number; publicId?: number };

/** A company as planning an appointment needs it: whether it approves its appointments itself. */
export type Party = Pick<Company, 'id' | 'autoApproveAppointments'>;
