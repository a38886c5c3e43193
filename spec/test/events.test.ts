import { expect } from 'chai';
import { loadDocument } from '../src/document.js';

type Schema = { enum?: string[]; allOf?: Schema[]; properties?: Record<string, Schema>; oneOf?: { $ref: string }[] };

const schemas = loadDocument().components.schemas as Record<string, Schema>;

/** The `type` values an event schema of one kind (`ProductEvent`) allows. */
const typesOf = (name: string) => schemas[name]!.allOf![1]!.properties!.type!.enum!;

describe('event types in the spec (extension)', () => {
  const kinds = schemas.Event!.oneOf!.map(({ $ref }) => $ref.split('/').pop()!);
  const all = schemas.EventType!.enum!;

  it('gives every EventType to exactly one kind of event, and a kind no other type', () => {
    const byKind = kinds.flatMap(typesOf);
    expect([...byKind].sort()).to.deep.equal([...all].sort());
    expect(new Set(byKind).size).to.equal(byKind.length);
  });

  it('names each kind after the record its type starts with', () => {
    for (const kind of kinds) {
      const prefix = kind
        .replace(/Event$/, '')
        .replace(/([a-z])([A-Z])/g, '$1_$2')
        .toLowerCase();
      expect(
        typesOf(kind).every((type) => type.startsWith(`${prefix}.`)),
        kind,
      ).to.equal(true);
    }
  });

  it('has an appointment event for entering each appointment state', () => {
    const states = schemas.AppointmentState!.enum!.map((state) => `appointment.${state}`);
    expect(typesOf('AppointmentEvent')).to.include.members(states);
  });
});
