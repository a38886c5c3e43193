import { existsSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { expect } from 'chai';
import { catalogue } from '../src/catalogue.js';
import { EXTENSION_RULES, extensionRules } from '../src/extension-rules/index.js';
import { EXTENSION_UNCHECKED } from '../src/extension-rules/unchecked.js';
import { API_REFERENCE, referenceRules } from '../src/reference/index.js';
import { UNCHECKED } from '../src/reference/unchecked.js';
import { trace, tracedRules, traceOfRun, unknownIds } from '../src/trace.js';
import { extensionPlaces } from './support/extension-units.js';
import { splitReference } from './support/reference-units.js';

/** The API reference's text is not the repository's to hold: WH_API_REFERENCE names where it is. */
const REFERENCE_FILE = process.env.WH_API_REFERENCE;

describe('the API reference as the suite holds it', () => {
  const rules = referenceRules();

  it('is, unit by unit, the text of the reference file, when the file is at hand', function () {
    if (REFERENCE_FILE === undefined || !existsSync(REFERENCE_FILE)) {
      // A checkout of the repository alone (CI) has no reference file to compare with.
      this.test!.title +=
        ` (skipped: no reference file at ${REFERENCE_FILE ?? 'WH_API_REFERENCE'}; set WH_API_REFERENCE to its path)`;
      this.skip();
    }
    const { titles, units } = splitReference(readFileSync(REFERENCE_FILE, 'utf8'));
    const held = API_REFERENCE.flatMap(({ section, units }) => units.map(({ text }) => ({ section, text })));
    expect(held).to.deep.equal(units);
    for (const { section, title } of API_REFERENCE) expect(title, `section ${section}`).to.equal(titles[section]);
  });

  it('gives every rule a unique id in its section, stated in words of its own unit', () => {
    const ids = rules.map((rule) => rule.id);
    expect(new Set(ids).size, 'unique ids').to.equal(ids.length);
    for (const rule of rules) {
      expect(rule.id, rule.unit).to.match(/^§\d+(\.\d+)?(\.[a-z0-9]+(-[a-z0-9]+)*)+$/);
      expect(rule.id.startsWith(`§${rule.section}.`), `${rule.id} in section ${rule.section}`).to.equal(true);
      expect(rule.unit, rule.id).to.include(rule.words);
    }
  });

  it('marks as open exactly the units that say "not shown", and as context only units without a rule', () => {
    for (const { units } of API_REFERENCE)
      for (const unit of units) {
        expect(unit.kind === 'open', unit.text).to.equal(unit.text.includes('not shown'));
        expect(unit.rules.length === 0, unit.text).to.equal(unit.kind === 'context');
      }
  });
});

describe("the spec's extension descriptions as the suite holds them", () => {
  const rules = extensionRules();

  it("are, unit by unit, the spec's descriptions of every extension operation, parameter, header and response", () => {
    const held = EXTENSION_RULES.map(({ place, units }) => ({ place, units: units.map((unit) => unit.text) }));
    const described = extensionPlaces();
    expect(held.map(({ place }) => place)).to.have.deep.members(described.map(({ place }) => place));
    for (const { place, units } of described)
      expect(
        held.find((section) => isDeepStrictEqual(section.place, place))?.units,
        JSON.stringify(place),
      ).to.deep.equal(units);
  });

  it('give every rule a unique id in its section, stated in words of its own unit', () => {
    const ids = tracedRules().map((rule) => rule.id);
    expect(new Set(ids).size, "unique ids, the reference's included").to.equal(ids.length);
    for (const section of EXTENSION_RULES)
      expect(section.section.startsWith(`${section.extension}.`), section.section).to.equal(true);
    for (const rule of rules) {
      expect(rule.id, rule.unit).to.match(/^(idempotency|etags|events|webhooks)\.[\w-]+(\.[\w-]+)*$/);
      expect(rule.id.startsWith(`${rule.section}.`), `${rule.id} in ${rule.section}`).to.equal(true);
      expect(rule.unit, rule.id).to.include(rule.words);
      expect(rule.kind, rule.id).to.equal('rule');
    }
  });
});

describe('checks traced to the reference', () => {
  const checks = catalogue();

  it('gives every rule of the reference and of the extensions a check, or a recorded reason why none does, never both', () => {
    const unaccounted = trace(checks)
      .filter((entry) => entry.kind === 'rule' && !entry.checks.length && !entry.unchecked)
      .map((entry) => `${entry.id}: ${entry.words}`);
    expect(unaccounted, 'rules with neither a check nor a reason').to.deep.equal([]);
    const both = trace(checks)
      .filter((entry) => entry.checks.length && entry.unchecked)
      .map((entry) => entry.id);
    expect(both, 'rules with a check and a reason for having none').to.deep.equal([]);
  });

  it('records reasons only for rules the reference or the extensions have, open points aside', () => {
    const reference = new Map(referenceRules().map((rule) => [rule.id, rule.kind]));
    for (const id of Object.keys(UNCHECKED)) expect(reference.get(id), id).to.equal('rule');
    const extensions = new Set(extensionRules().map((rule) => rule.id));
    for (const id of Object.keys(EXTENSION_UNCHECKED)) expect(extensions.has(id), id).to.equal(true);
  });

  it("leaves a check pending only for a rule of the extensions: the reference's have checks or a reason none can", () => {
    const pending = Object.entries(UNCHECKED).filter(([, reason]) => reason.why === 'pending');
    expect(pending.map(([id]) => id)).to.deep.equal([]);
  });

  it('names at least one rule of the extensions for every check of an extension', () => {
    const extensions = new Set(extensionRules().map((rule) => rule.id));
    for (const check of checks.filter((each) => each.basis === 'extension'))
      expect(
        check.verifies.some((id) => extensions.has(id)),
        check.title,
      ).to.equal(true);
  });

  it("shows in a run's trace each rule's checks by their state, and a rule without one as untested with its reason", () => {
    const ran = checks
      .filter((check) => check.group === 'webhooks')
      .map((check) => ({ ...check, state: check.name === 'gone_disables_endpoint' ? 'failed' : 'passed' }) as const);
    const { rules, summary } = traceOfRun(ran);
    const state = (id: string) => rules.find((rule) => rule.id === id);
    expect(state('webhooks.deliverEvent.410.disables')!.state).to.equal('failed');
    expect(state('webhooks.deliverEvent.429.retry-after')!.state).to.equal('passed');
    expect(state('§8.limits.reset-iso-utc')!.state).to.equal('not run');
    expect(state('webhooks.createWebhookEndpoint.at-most-20')).to.deep.include({
      state: 'untested',
      unchecked: EXTENSION_UNCHECKED['webhooks.createWebhookEndpoint.at-most-20'],
      checks: [],
    });
    expect(summary.extensions.rules).to.equal(extensionRules().length);
    expect(summary.extensions.checked + summary.extensions.unchecked).to.equal(summary.extensions.rules);
  });

  it('names only rules the reference or the extensions have', () => {
    expect(unknownIds(checks)).to.deep.equal([]);
  });

  it('names at least one rule for every check of the reference, and only the reference for its section', () => {
    const rules = new Map(referenceRules().map((rule) => [rule.id, rule]));
    for (const check of checks.filter((each) => each.basis === 'reference')) {
      expect(check.verifies, check.title).not.to.be.empty;
      for (const id of check.verifies) expect(rules.get(id)?.kind, `${check.title}: ${id}`).to.equal('rule');
    }
  });
});
