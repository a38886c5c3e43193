// Creating and changing appointments: one path for the API and for seeding data. Every
// rule is checked before anything is written, and one Invalid lists every problem at once.
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
import { applyPackingListPlan, planPackingLists } from './packing-lists.js';
import { lookUpCompany, lookUpDock } from './references.js';

type AppointmentCreate = components['schemas']['AppointmentCreate'];
type AppointmentUpdate = components['schemas']['AppointmentUpdate'];

/** The company an appointment will have: the one named, none for a blank name, or its current one. */
async function resolveParty(
  em: EntityManager,
  appointment: Appointment,
  companyType: CompanyType,
  name: string | null | undefined,
  errors: FieldErrorCollector,
): Promise<Company | null> {
  const currentId = companyType === 'carrier' ? appointment.carrierId : appointment.customerId;
  if (name === undefined) return currentId ? em.findOneOrFail(Company, { id: currentId }) : null;
  const wanted = trimToNull(name);
  if (!wanted) return null;
  const lookup = await lookUpCompany(em, appointment.organizationId, companyType, wanted);
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

async function applyInput(
  em: EntityManager,
  appointment: Appointment,
  location: Location,
  input: AppointmentUpdate,
  creating: boolean,
): Promise<void> {
  const errors = new FieldErrorCollector();
  const scheduledAt = readFieldTime(input.scheduled_at, location.timeZone, 'scheduled_at', errors);
  const dockId = await resolveDock(em, location, input.dock_name, errors);
  const carrier = await resolveParty(em, appointment, 'carrier', input.carrier_name, errors);
  const customer = await resolveParty(em, appointment, 'customer', input.customer_name, errors);
  const packingLists = await planPackingLists(
    em,
    location,
    creating ? undefined : appointment,
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

  if (input.appointment_type !== undefined) appointment.appointmentType = input.appointment_type;
  if (input.duration !== undefined) appointment.duration = input.duration;
  if (dockId !== undefined) appointment.dockId = dockId;
  appointment.carrierId = carrier?.id ?? null;
  appointment.customerId = customer?.id ?? null;
  if (timeChanged) appointment.scheduledAt = scheduledAt ?? null;
  appointment.state = state;
  if (input.reference_numbers !== undefined) appointment.referenceNumbers = input.reference_numbers;
  if (input.notes !== undefined) appointment.notes = trimToNull(input.notes);
  await em.persist(appointment).flush();

  if (applyPackingListPlan(em, appointment, packingLists)) {
    // A changed packing list is a change of the appointment, so `updated_since` finds it (DECISIONS 42).
    if (!creating) appointment.updatedAt = new Date();
    await em.flush();
  }
}

/**
 * Creates an appointment at `location` (already chosen and authorized by the caller, so a
 * `location_name` in `input` is not consulted) and answers it with its id. The API's create
 * uses this, and so can anything seeding data.
 */
export async function createAppointmentAt(
  em: EntityManager,
  location: Location,
  input: AppointmentCreate,
): Promise<Appointment> {
  // Persisted only once valid, so a refused input leaves nothing for a later flush to write.
  const appointment = em.create(
    Appointment,
    {
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
    } as never,
    { persist: false },
  ) as Appointment;
  await applyInput(em, appointment, location, input, true);
  return appointment;
}

/** Applies an update to an appointment of `location`: fields, packing lists, scheduling and state. */
export async function changeAppointment(
  em: EntityManager,
  appointment: Appointment,
  location: Location,
  input: AppointmentUpdate,
): Promise<void> {
  await applyInput(em, appointment, location, input, false);
}
