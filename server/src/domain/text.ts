/** Escapes `%`, `_` and `\` so user text is matched literally by LIKE. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Trims text; blank becomes null. */
export function trimToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** Half of a UTF-16 surrogate pair without its other half: JSON can write one, UTF-8 cannot. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNPAIRED_SURROGATES = new RegExp(UNPAIRED_SURROGATE.source, 'g');

/**
 * What `text` holds that PostgreSQL's text and jsonb cannot store (DECISIONS 152), named for a
 * message: the NUL character, and unpaired surrogates (which a JSON `\ud800` escape can make).
 */
export function unstorableIn(text: string): string[] {
  const found: string[] = [];
  if (text.includes('\u0000')) found.push('the NUL character (U+0000)');
  if (UNPAIRED_SURROGATE.test(text)) found.push('an unpaired surrogate (U+D800 to U+DFFF)');
  return found;
}

/** `text` with what PostgreSQL cannot store written as `\uXXXX` escapes, so that echoing it keeps a response storable. */
export function escapeUnstorable(text: string): string {
  const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return text.replaceAll('\u0000', escaped).replace(UNPAIRED_SURROGATES, escaped);
}
