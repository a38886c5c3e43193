// Creating and changing appointments: one planning path for the API and for seeding data. Every
// rule is checked before anything is written, and one Invalid lists every problem at once; the
// API then writes by statements of its own (appointment-statements.ts, DECISIONS 395), seeding
// data through the unit of work.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import { Appointment } from '../../entities/appointment.js';
import { Company, type CompanyType } from '../../entities/company.js';
import type { Location } from '../../entities/location.js';
import { schedulableStates, stateForTime, transitionProblem } from '../appointment-states.js';
import { FieldErrorCollector } from '../field-error-collector.js';
import { trimToNull } from '../text.js';
import { readFieldTime } from '../time.js';
import { finalStateProblems } from './final-state.js';
import {
  applyPackingListPlan,
  type PackingListPlan,
  planPackingLists,
  type StoredPackingList,
  type StoredPackingLists,
  storedPackingLists,
} from './packing-lists.js';
import { lookUpCompany, lookUpDock } from './references.js';
import type { Party, StoredAppointment } from './row-shapes.js';

type AppointmentCreate = components['schemas']['AppointmentCreate'];
type AppointmentUpdate = components['schemas']['AppointmentUpdate'];

/** What an appointment holds once written: its columns other than keys, location and times. */
export type AppointmentValues = Omit<StoredAppointment, 'id' | 'publicId' | 'organizationId'>;

/** What planning knows of a stored appointment besides its fields; undefined packing lists while creating. */
export interface AppointmentContext<L extends StoredPackingList> {
  /** Its current carrier and customer, read when the input keeps them. */
  party(companyType: CompanyType): Promise<Party | null>;
  packingLists?: StoredPackingLists<L>;
}

/** A checked write: the appointment's values and what to write of its packing lists. */
export interface AppointmentPlan<L extends StoredPackingList> {
  values: AppointmentValues;
  packingLists: PackingListPlan<L>;
}

/** The company an appointment will have: the one named, none for a blank name, or its current one. */
async function resolveParty(
  em: EntityManager,
  organizationId: number,
  companyType: CompanyType,
  name: string | null | undefined,
  current: () => Promise<Party | null>,
  errors: FieldErrorCollector,
): Promise<Party | null> {
  if (name === undefined) return current();
  const wanted = trimToNull(name);
  if (!wanted) return null;
  const lookup = await lookUpCompany(em, organizationId, companyType, wanted);
  if ('found' in lookup) return lookup.found;
  errors.add(`${companyType}_name`, lookup.problem);
  return null;
}

async function resolveDock(
  em: EntityManager,
  location: Location,
  name: string | null | undefined,
  errors: FieldErrorCollector,
): Promise<number | null | undefined> {
  if (name === undefined) return undefined;
  const wanted = trimToNull(name);
  if (!wanted) return null;
  const lookup = await lookUpDock(em, location, wanted);
  if ('found' in lookup) return lookup.found.id;
  errors.add('dock_name', lookup.problem);
  return undefined;
}

/**
 * Plans writing `input` to `appointment` at `location`: every rule is checked before anything
 * is written, and one Invalid lists every problem at once.
 */
export async function planAppointment<L extends StoredPackingList>(
  em: EntityManager,
  appointment: StoredAppointment,
  location: Location,
  input: AppointmentUpdate,
  context: AppointmentContext<L>,
): Promise<AppointmentPlan<L>> {
  const creating = context.packingLists === undefined;
  const errors = new FieldErrorCollector();
  const { organizationId } = appointment;
  const scheduledAt = readFieldTime(input.scheduled_at, location.timeZone, 'scheduled_at', errors);
  const dockId = await resolveDock(em, location, input.dock_name, errors);
  const party = (companyType: CompanyType, name: string | null | undefined) =>
    resolveParty(em, organizationId, companyType, name, () => context.party(companyType), errors);
  const carrier = await party('carrier', input.carrier_name);
  const customer = await party('customer', input.customer_name);
  const packingLists = await planPackingLists(
    em,
    location,
    context.packingLists && { id: appointment.id!, publicId: appointment.publicId!, stored: context.packingLists },
    input.packing_lists ?? [],
    errors,
  );

  // Scheduling first, then the requested state from the state that results (spec:
  // updateAppointment). Re-sending the current time is not a change (DECISIONS 39).
  let state = appointment.state;
  const timeChanged =
    scheduledAt !== undefined && (scheduledAt?.getTime() ?? null) !== (appointment.scheduledAt?.getTime() ?? null);
  if (timeChanged && !schedulableStates.includes(state)) {
    errors.add(
      'scheduled_at',
      `cannot change while the appointment is ${state}; ` +
        `the time can change only while it is ${schedulableStates.join(', ')}`,
    );
  } else if (timeChanged) {
    state = stateForTime(scheduledAt ?? null, { carrier, customer });
  }
  if (input.state !== undefined) {
    const problem = transitionProblem(state, input.state);
    if (problem) errors.add('state', problem);
    else state = input.state;
  }
  if (!creating) {
    const resolved = {
      dockId,
      carrierId: carrier?.id ?? null,
      customerId: customer?.id ?? null,
      packingListsChange: packingLists.steps.length > 0,
    };
    for (const [field, problem] of finalStateProblems(appointment, input, resolved)) errors.add(field, problem);
  }
  errors.throwIfAny();

  const values: AppointmentValues = {
    appointmentType: input.appointment_type === undefined ? appointment.appointmentType : input.appointment_type,
    duration: input.duration === undefined ? appointment.duration : input.duration,
    dockId: dockId === undefined ? appointment.dockId : dockId,
    carrierId: carrier?.id ?? null,
    customerId: customer?.id ?? null,
    scheduledAt: timeChanged ? (scheduledAt ?? null) : appointment.scheduledAt,
    state,
    referenceNumbers: input.reference_numbers === undefined ? appointment.referenceNumbers : input.reference_numbers,
    notes: input.notes === undefined ? appointment.notes : trimToNull(input.notes),
  };
  return { values, packingLists };
}

/** What a new appointment at `location` holds before its input. */
export function newAppointment(location: Location): StoredAppointment & { locationId: number } {
  return {
    organizationId: location.organizationId,
    locationId: location.id,
    state: 'needs_booking',
    appointmentType: 'delivery',
    scheduledAt: null,
    duration: 60,
    dockId: null,
    carrierId: null,
    customerId: null,
    referenceNumbers: [],
    notes: null,
  };
}

/** Plans and writes `input` to an appointment of the unit of work (provisioning). */
async function applyInput(
  em: EntityManager,
  appointment: Appointment,
  location: Location,
  input: AppointmentUpdate,
  creating: boolean,
): Promise<void> {
  const plan = await planAppointment(em, appointment, location, input, {
    party: async (companyType) => {
      const currentId = companyType === 'carrier' ? appointment.carrierId : appointment.customerId;
      return currentId ? em.findOneOrFail(Company, { id: currentId }) : null;
    },
    packingLists: creating ? undefined : await storedPackingLists(em, appointment, input.packing_lists ?? []),
  });
  Object.assign(appointment, plan.values);
  await em.persist(appointment).flush();

  if (applyPackingListPlan(em, appointment, plan.packingLists)) {
    // A changed packing list is a change of the appointment, so `updated_since` finds it (DECISIONS 42).
    if (!creating) appointment.updatedAt = new Date();
    await em.flush();
  }
}

/**
 * Creates an appointment at `location` (already chosen and authorized by the caller, so a
 * `location_name` in `input` is not consulted) in the unit of work, and answers it with its id
 * (provisioning; the API writes by statements, appointment-statements.ts).
 */
export async function createAppointmentAt(
  em: EntityManager,
  location: Location,
  input: AppointmentCreate,
): Promise<Appointment> {
  // Persisted only once valid, so a refused input leaves nothing for a later flush to write.
  const appointment = em.create(Appointment, newAppointment(location) as never, { persist: false }) as Appointment;
  await applyInput(em, appointment, location, input, true);
  return appointment;
}

/** Applies an update to an appointment of `location` in the unit of work: fields, packing lists, scheduling and state. */
export async function changeAppointment(
  em: EntityManager,
  appointment: Appointment,
  location: Location,
  input: AppointmentUpdate,
): Promise<void> {
  await applyInput(em, appointment, location, input, false);
}
