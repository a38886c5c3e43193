// A text as an SQL string literal, for the one statement that cannot take parameters: a write's
// events ride in the simple query of its COMMIT (DECISIONS 294), so their JSON is inlined. pg's
// escapeLiteral builds its result a character at a time, which for a new order's 2 KB of JSON
// cost about as much CPU as stringifying it, and a bulk upload's events are megabytes; two
// replaceAll calls do the same in native code (DECISIONS 297).

/**
 * `text` as an escape-string literal (`E'…'`): backslashes and quotes doubled, so PostgreSQL
 * reads it back exactly whatever `standard_conforming_strings` says. The text must hold no NUL
 * character, which PostgreSQL's text types cannot store; JSON.stringify escapes it as `\u0000`.
 */
export function sqlLiteral(text: string): string {
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
