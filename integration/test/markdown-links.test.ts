// Every relative link and #anchor of the documentation resolves, so that moving a section or a
// file (README.md into docs/, a heading renamed) cannot leave a reader at a dead end.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { checkLinks, headingSlugs, trackedFiles } from './support/markdown-links.js';

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
