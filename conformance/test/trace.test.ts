import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { catalogue } from '../src/catalogue.js';
import { API_REFERENCE, referenceRules } from '../src/reference/index.js';
import { UNCHECKED } from '../src/reference/unchecked.js';
import { trace, unknownIds } from '../src/trace.js';
import { splitReference } from './support/reference-units.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Beside the checkout, as the workspace keeps it; WH_API_REFERENCE names it elsewhere (a worktree, say). */
const REFERENCE_FILE = process.env.WH_API_REFERENCE ?? join(ROOT, '../shared/api-reference.md');

describe('the API reference as the suite holds it', () => {
  const rules = referenceRules();

  it('is, unit by unit, the text of the reference file, when the file is at hand', function () {
    if (!existsSync(REFERENCE_FILE)) {
      // A checkout of the repository alone (CI) has no reference file beside it to compare with.
      this.test!.title += ` (skipped: no reference file at ${REFERENCE_FILE}; set WH_API_REFERENCE to its path)`;
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

describe('checks traced to the reference', () => {
  const checks = catalogue();

  it('gives every rule of the reference a check, or a recorded reason why none can check it, never both', () => {
    const unaccounted = trace(checks)
      .filter((entry) => entry.kind === 'rule' && !entry.checks.length && !entry.unchecked)
      .map((entry) => `${entry.id}: ${entry.words}`);
    expect(unaccounted, 'rules with neither a check nor a reason').to.deep.equal([]);
    const both = trace(checks)
      .filter((entry) => entry.checks.length && entry.unchecked)
      .map((entry) => entry.id);
    expect(both, 'rules with a check and a reason for having none').to.deep.equal([]);
  });

  it('records reasons only for rules the reference has, open points aside', () => {
    const rules = new Map(referenceRules().map((rule) => [rule.id, rule.kind]));
    for (const id of Object.keys(UNCHECKED)) expect(rules.get(id), id).to.equal('rule');
  });

  it('names only rules the reference has', () => {
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
