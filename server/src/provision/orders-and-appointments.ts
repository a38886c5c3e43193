// Purchase orders and appointments of a provisioning file. Unlike configuration they are
// business records the API changes, so they are created once (matched by purchase order
// number, and an appointment by its location and first reference number) and otherwise left
// alone. They go through the API's own write paths, so a fixture obeys the same rules, and
// emit the API's events: each record as created, in the state the file asks for (DECISIONS 171).
import type { EntityManager } from '@mikro-orm/postgresql';
import { stateTransitions } from '../domain/appointment-states.js';
import { loadAppointmentParts } from '../domain/appointments/rows.js';
import { changeAppointment, createAppointmentAt } from '../domain/appointments/write.js';
import { DomainError, Invalid } from '../domain/errors.js';
import { PurchaseOrderLookups } from '../domain/purchase-orders/lookups.js';
import { insertPurchaseOrder, newOrderLocation, type PurchaseOrderActor } from '../domain/purchase-orders/write.js';
import { Appointment, type AppointmentState } from '../entities/appointment.js';
import type { Location } from '../entities/location.js';
import type { Organization } from '../entities/organization.js';
import { recordCreatedCustomers } from '../events/created-customers.js';
import type { EventLog } from '../events/event-log.js';
import { presentWholePurchaseOrder, wholeOrderScope } from '../present/purchase-orders.js';
import { renderAppointment } from '../render/appointment.js';
import { ProvisioningError } from './errors.js';
import type { AppointmentFixture, OrganizationFixture } from './fixture.js';

/** Support provisions with every right: each location may be written. */
function supportActor(organization: Organization, locations: Map<string, Location>): PurchaseOrderActor {
  const byId = new Map([...locations.values()].map((location) => [location.id, location]));
  return {
    organization,
    locationNamed: (name) => {
      const location = locations.get(name.trim().toLowerCase());
      if (!location) throw new ProvisioningError(`unknown location ${name}`);
      return location;
    },
    locationById: (id) => byId.get(id)!,
    require: (location) => location,
    can: () => true,
  };
}

/** The transitions that take an appointment from one state to another, shortest first. */
export function pathBetween(from: AppointmentState, to: AppointmentState): AppointmentState[] | undefined {
  const queue: AppointmentState[][] = [[from]];
  const seen = new Set([from]);
  while (queue.length) {
    const path = queue.shift()!;
    const last = path[path.length - 1]!;
    if (last === to) return path.slice(1);
    for (const next of stateTransitions[last]) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
    }
  }
  return undefined;
}

async function provisionAppointment(
  em: EntityManager,
  actor: PurchaseOrderActor,
  input: AppointmentFixture,
  events: EventLog,
): Promise<void> {
  const location = actor.locationNamed(input.location_name);
  const [reference] = input.reference_numbers;
  const existing = await em.findOne(Appointment, {
    locationId: location.id,
    referenceNumbers: { $overlap: [reference!] },
  });
  if (existing) return;
  const { state, ...create } = input;
  const appointment = await createAppointmentAt(em, location, create);
  const path = state ? pathBetween(appointment.state, state) : [];
  if (!path) throw new ProvisioningError(`appointment ${reference} cannot go from ${appointment.state} to ${state}`);
  for (const step of path) await changeAppointment(em, appointment, location, { state: step });
  const object = renderAppointment(appointment, location, await loadAppointmentParts(em, appointment));
  events.record({ kind: 'appointment', organizationId: location.organizationId, after: { object, location } });
}

/** Runs one record's write, naming the record when the API's rules refuse it. */
async function record(label: string, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (error instanceof Invalid) throw new ProvisioningError(`${label}: ${JSON.stringify(error.errors)}`);
    if (error instanceof DomainError) throw new ProvisioningError(`${label}: ${error.message}`);
    throw error;
  }
}

export async function provisionOrdersAndAppointments(
  em: EntityManager,
  organization: Organization,
  locations: Map<string, Location>,
  input: OrganizationFixture,
  events: EventLog,
): Promise<void> {
  const actor = supportActor(organization, locations);
  const lookups = new PurchaseOrderLookups(em, organization.id);
  const whole = { organization, locationById: actor.locationById, locations: [...locations.values()] };
  for (const order of input.purchase_orders ?? []) {
    if (await lookups.numberTaken(order.po_number.trim())) continue;
    await record(`purchase order ${order.po_number}`, async () => {
      const row = await insertPurchaseOrder(lookups, order, newOrderLocation(actor, order), wholeOrderScope(whole));
      recordCreatedCustomers(events, lookups);
      const after = presentWholePurchaseOrder(whole, row);
      events.record({ kind: 'purchase_order', organizationId: organization.id, after });
    });
  }
  for (const appointment of input.appointments ?? []) {
    await record(`appointment ${appointment.reference_numbers[0]}`, () =>
      provisionAppointment(em, actor, appointment, events),
    );
  }
}
