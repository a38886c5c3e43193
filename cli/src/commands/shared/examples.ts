// The "Examples:" section every command's help ends with, as gh and kubectl print it.

/** Help text listing `lines`, each a whole command a person can copy. */
export function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`;
}
