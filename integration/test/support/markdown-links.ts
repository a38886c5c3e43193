// The relative links of Markdown files and whether each resolves as GitHub would follow it: to a
// file or folder of the checkout, and, with a #anchor into a Markdown file, to one of its
// headings as GitHub slugs them. marked reads the Markdown (so a link inside code is no link, and
// a reference-style link is followed); github-slugger makes GitHub's slugs, duplicates numbered.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import GithubSlugger from 'github-slugger';
import { lexer, type Token, walkTokens } from 'marked';

export interface Link {
  /** The Markdown file holding the link, relative to the root. */
  file: string;
  /** Its line, counted from 1. */
  line: number;
  href: string;
}

export interface Broken extends Link {
  why: string;
}

/** The files git tracks under `root`, relative to it: what a fresh clone has. */
export function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
}

/** The text a heading renders to: code spans and links keep their text, HTML goes. */
function plain(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'html') return '';
      if ('tokens' in token && token.tokens) return plain(token.tokens);
      return 'text' in token ? token.text : '';
    })
    .join('');
}

/** The anchors GitHub gives the headings of `markdown`, in order. */
export function headingSlugs(markdown: string): string[] {
  const slugger = new GithubSlugger();
  const slugs: string[] = [];
  walkTokens(lexer(markdown), (token) => {
    if (token.type === 'heading') slugs.push(slugger.slug(plain(token.tokens ?? [])));
  });
  return slugs;
}

/** A scheme (`https:`, `mailto:`) or a protocol-relative `//host`: not a link into the checkout. */
const ELSEWHERE = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** The relative links (and images) of the Markdown file `file`, whose text is `markdown`. */
export function relativeLinks(file: string, markdown: string): Link[] {
  const links: Link[] = [];
  let from = 0;
  walkTokens(lexer(markdown), (token) => {
    if ((token.type !== 'link' && token.type !== 'image') || ELSEWHERE.test(token.href)) return;
    // Links come in the order of the text: the next occurrence of the link's source is its place.
    const at = markdown.indexOf(token.raw, from);
    if (at >= 0) from = at + token.raw.length;
    links.push({ file, line: markdown.slice(0, Math.max(at, 0)).split('\n').length, href: token.href });
  });
  return links;
}

/**
 * Every relative link of `markdownFiles` (paths relative to `root`), checked against `tracked`:
 * the files a clone has, so that a link to something built or ignored counts as broken.
 */
export function checkLinks(
  root: string,
  markdownFiles: string[],
  tracked: string[],
): { links: Link[]; broken: Broken[] } {
  const files = new Set(tracked);
  const folders = new Set(
    tracked.flatMap((path) =>
      path
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const slugs = new Map<string, Set<string>>();
  const slugsOf = (path: string) => {
    if (!slugs.has(path)) slugs.set(path, new Set(headingSlugs(readFileSync(join(root, path), 'utf8'))));
    return slugs.get(path)!;
  };
  const links = markdownFiles.flatMap((file) => relativeLinks(file, readFileSync(join(root, file), 'utf8')));
  const broken: Broken[] = [];
  for (const link of links) {
    const hash = link.href.indexOf('#');
    const path = decodeURI(hash < 0 ? link.href : link.href.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(link.href.slice(hash + 1));
    const target = path === '' ? link.file : normalize(join(dirname(link.file), path)).replace(/\/$/, '');
    if (target.startsWith('..') || (!files.has(target) && !folders.has(target))) {
      broken.push({ ...link, why: `${target} is not a file of the repository` });
    } else if (anchor !== undefined && target.endsWith('.md') && !slugsOf(target).has(anchor)) {
      broken.push({ ...link, why: `${target} has no heading whose anchor is #${anchor}` });
    }
  }
  return { links, broken };
}
