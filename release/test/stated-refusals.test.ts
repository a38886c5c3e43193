// The contract's `info.x-stated-refusals` (DECISIONS 446, 447) against the last release: each
// entry names a keyword of the spec and decisions that exist, and each that is not released yet
// holds, so the diff counts the narrowing it names compatible.
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { diffContracts, holdingRefusals, lookUp, statedRefusalsOf } from '@warehouse-kit/contract-diff';
import { loadDocument } from '@warehouse-kit/spec/document';
import { expect } from 'chai';
import { packageRoot, readYaml, releasedFolder, releasedVersions } from '../src/files.js';

const document = loadDocument();

describe("the contract's stated refusals", () => {
  const refusals = statedRefusalsOf(document as never);
  const last = releasedVersions().at(-1)!;
  const released = readYaml(`${releasedFolder}/${last}.yaml`);

  it('names a keyword of the spec for each entry, with decisions that exist', () => {
    const decisions = readFileSync(`${packageRoot}DECISIONS.md`, 'utf8');
    const entries = (document.info as { 'x-stated-refusals': { decisions: number[] }[] })['x-stated-refusals'];
    expect(refusals).to.have.length(entries.length).and.be.at.least(7);
    for (const [index, refusal] of refusals.entries()) {
      expect(() => lookUp(document, refusal.at), refusal.at).not.to.throw();
      for (const number of entries[index]!.decisions)
        expect(decisions, `${refusal.at} cites DECISIONS ${number}`).to.match(new RegExp(`^${number}\\. \\*\\*`, 'm'));
    }
  });

  it(`holds against ${last} for every entry not released yet, so each change it names is compatible`, () => {
    const holding = holdingRefusals(released, document as never);
    const valueAt = (at: string, of: unknown) => {
      try {
        return lookUp(of, at);
      } catch {
        return undefined;
      }
    };
    for (const refusal of refusals) {
      const isReleased = isDeepStrictEqual(valueAt(refusal.at, released), valueAt(refusal.at, document));
      expect(isReleased || holding.has(refusal.at), refusal.at).to.equal(true);
    }
    const changes = diffContracts(released, document);
    const stated = changes.filter((change) => change.rule === 'request-refusal-stated');
    expect(stated.length).to.be.at.least(holding.size);
    expect(changes.filter((change) => change.kind === 'breaking')).to.deep.equal([]);
  });
});
