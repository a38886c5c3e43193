// Every relative link and #anchor of the documentation resolves, so that moving a section or a
// file (README.md into docs/, a heading renamed) cannot leave a reader at a dead end; and no
// document or comment points outside the repository, which is all a fresh clone has.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { checkLinks, headingSlugs, trackedFiles } from './support/markdown-links.js';
import { commentsOf, filesAndFolders, outsideReferences } from './support/outside-references.js';

const ROOT = new URL('../../..', import.meta.url).pathname;

describe('links of the documentation', () => {
  it('lead from every tracked Markdown file to a file of the repository, and each #anchor to a heading there', () => {
    const tracked = trackedFiles(ROOT);
    const markdown = tracked.filter((path) => path.endsWith('.md'));
    const { links, broken } = checkLinks(ROOT, markdown, tracked);
    expect(markdown).to.include.members(['README.md', 'docs/integrators.md', 'spec/DECISIONS.md']);
    expect(links.filter((link) => link.href.includes('#')).length).to.be.greaterThan(40);
    expect(broken.map((link) => `${link.file}:${link.line}: ${link.href}: ${link.why}`)).to.deep.equal([]);
  });

  it('slugs headings as GitHub does: code, punctuation and case dropped, a repeated heading numbered', () => {
    const slugs = headingSlugs(
      '# Demo data (`server/demo.yaml`)\n\n## SDK (for integrators)\n\n```sh\n# not a heading\n```\n\n### Safe writes (extensions)\n\n### Safe writes (extensions)\n',
    );
    expect(slugs).to.deep.equal([
      'demo-data-serverdemoyaml',
      'sdk-for-integrators',
      'safe-writes-extensions',
      'safe-writes-extensions-1',
    ]);
  });

  it('finds a link to a missing file, to a missing heading and to a missing anchor of its own file, and nothing else', () => {
    const root = tempDir('wh-links-');
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'README.md'), '# Kit\n\n## Install\n');
    writeFileSync(
      join(root, 'docs/guide.md'),
      [
        '# Guide',
        '',
        'Good: [install](../README.md#install), [the kit](../README.md), [here](#guide), [the folder](../docs/).',
        'Broken: [gone](../MISSING.md), [no such heading](../README.md#setup), [no such anchor](#nowhere).',
        '',
        '```md',
        '[inside code](../ALSO-MISSING.md)',
        '```',
        '',
        'Elsewhere, never checked: [site](https://example.com/x.md#y), [mail](mailto:ops@example.com).',
      ].join('\n'),
    );
    const { broken } = checkLinks(root, ['README.md', 'docs/guide.md'], ['README.md', 'docs/guide.md']);
    expect(broken.map((link) => [link.line, link.href])).to.deep.equal([
      [4, '../MISSING.md'],
      [4, '../README.md#setup'],
      [4, '#nowhere'],
    ]);
  });
});

describe('what the documentation and the comments point at', () => {
  /** Prose: Markdown and YAML files, and the comments of sources. This file plants bad ones. */
  const PROSE = /\.(md|ya?ml|ts|js|mjs|cjs)$/;
  const ownTests = ['integration/test/markdown-links.test.ts', 'integration/test/support/outside-references.ts'];

  it('is in the repository: no style guide kept elsewhere cited, no relative path leading out of it or to nothing', () => {
    const tracked = trackedFiles(ROOT);
    const prose = tracked.filter((path) => PROSE.test(path) && !ownTests.includes(path));
    expect(prose).to.include.members([
      'CONTRIBUTING.md',
      'docs/performance.md',
      'spec/DECISIONS.md',
      'server/test/layers.test.ts',
    ]);
    const all = filesAndFolders(tracked);
    const found = prose.flatMap((path) => outsideReferences(path, readFileSync(join(ROOT, path), 'utf8'), all));
    expect(found.map((ref) => `${ref.file}:${ref.line}: ${ref.text}: ${ref.why}`)).to.deep.equal([]);
  });

  it('finds a style rule cited, a path beside the checkout and a path to nothing, in prose and comments only', () => {
    const tracked = filesAndFolders(['README.md', 'docs/guide.md', 'src/a.ts', 'src/shared/b.ts']);
    const guide = [
      'As STYLE 12 says, see `../shared/api-reference.md` or `../../shared/x.md`.',
      'Fine: `../README.md`, `../src/shared/`, `.../in/gone`, `a/../README.md`.',
      'Broken: `../docs/gone.md`.',
    ].join('\n');
    expect(outsideReferences('docs/guide.md', guide, tracked).map((ref) => [ref.line, ref.text])).to.deep.equal([
      [1, 'STYLE 12'],
      [1, '../shared/api-reference.md'],
      [1, '../../shared/x.md'],
      [3, '../docs/gone.md'],
    ]);
    const source = [
      "import { b } from './shared/b.js'; import { c } from '../shared/c.js';",
      "const glob = 'dist/**'; const url = 'https://x.example/../y'; // the rule: STYLE 9",
      '/* see ../../outside.md',
      ' */ const z = `STYLE 3 ../nowhere`;',
    ].join('\n');
    expect(outsideReferences('src/a.ts', source, tracked).map((ref) => [ref.line, ref.text])).to.deep.equal([
      [2, 'STYLE 9'],
      [3, '../../outside.md'],
    ]);
    expect(commentsOf("a // b\n'/*' c /* d */").split('\n')).to.deep.equal(['  // b', '       /* d */']);
  });
});
