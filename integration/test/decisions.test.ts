// The decisions stay findable: spec/DECISIONS.md numbers each entry once, its index by topic lists
// every entry (so an entry added later without a topic fails here), and every number the spec, the
// code, the tests, the READMEs, the guides and the suite cite names an entry that exists.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROOT } from '../src/workspace.js';
import { type Citation, citations, entryNumbers, indexByTopic } from './support/decisions.js';
import { trackedFiles } from './support/markdown-links.js';

const DECISIONS = readFileSync(join(ROOT, 'spec/DECISIONS.md'), 'utf8');
/** Text a person or a tool reads: sources, tests, documents, the spec, scripts. */
const TEXT = /\.(ts|js|mjs|cjs|md|ya?ml|json|sh)$/;

/** The citations of `files` that name a number `entries` lacks, as `file:line: text`. */
function unresolved(found: Citation[], entries: number[]): string[] {
  const known = new Set(entries);
  return found
    .filter((citation) => citation.numbers.some((number) => !known.has(number)))
    .map((citation) => `${citation.file}:${citation.line}: ${citation.text}`);
}

describe('spec/DECISIONS.md', () => {
  const entries = entryNumbers(DECISIONS);
  const index = indexByTopic(DECISIONS);

  it('numbers each entry once', () => {
    expect(entries.length).to.be.greaterThan(190);
    expect(
      entries.filter((number, i) => entries.indexOf(number) !== i),
      'numbers used twice',
    ).to.deep.equal([]);
  });

  it('lists every entry under a topic of its index, and only entries that exist', () => {
    expect(index.length).to.be.greaterThan(10);
    const listed = new Set(index.flatMap((topic) => topic.numbers));
    expect(
      entries.filter((number) => !listed.has(number)),
      'entries in no topic',
    ).to.deep.equal([]);
    for (const { topic, numbers } of index)
      expect(
        numbers.filter((number) => !entries.includes(number)),
        `${topic}: numbers without an entry`,
      ).to.deep.equal([]);
  });

  it('has an entry for every number the repository cites', () => {
    const found = trackedFiles(ROOT)
      // This file plants a number without an entry on purpose.
      .filter(
        (path) =>
          TEXT.test(path) && !path.endsWith('package-lock.json') && path !== 'integration/test/decisions.test.ts',
      )
      .flatMap((path) => citations(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(found.length).to.be.greaterThan(300);
    expect(new Set(found.map((citation) => citation.file.split('/')[0])).size, 'folders citing').to.be.greaterThan(6);
    expect(unresolved(found, entries)).to.deep.equal([]);
  });

  it('reads each way the repository cites, and finds a number without an entry', () => {
    const text = [
      'as amended by DECISIONS 57; spec/DECISIONS.md 140–142, and decisions 3, 38 and 92',
      "section: 'decision 17', (DECISIONS 315-317) or DECISIONS 999.",
    ].join('\n');
    const found = citations('planted.md', text);
    expect(found.map((citation) => citation.numbers)).to.deep.equal([
      [57],
      [140, 142],
      [3, 38, 92],
      [17],
      [315, 317],
      [999],
    ]);
    expect(unresolved(found, [3, 17, 38, 57, 92, 140, 142, 315, 317])).to.deep.equal(['planted.md:2: DECISIONS 999']);
  });

  it('reads an index row whose entries are listed and ranged', () => {
    const planted =
      '# D\n\n## Index by topic\n\n| Topic | Decisions |\n|---|---|\n| [Errors](#errors) | 5–7, 57 |\n\n## Errors\n';
    expect(indexByTopic(planted)).to.deep.equal([{ topic: '[Errors](#errors)', numbers: [5, 6, 7, 57] }]);
  });
});
