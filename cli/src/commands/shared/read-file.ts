// Reading a file named on the command line (an import, --data @file), with one line for each
// way it can fail that says what is wrong in words, not Node's error codes.
import { readFile } from 'node:fs/promises';
import { UsageError } from '../../errors.js';

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'it is a folder; name a file in it',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a folder',
  ENAMETOOLONG: 'the name is too long',
};

/** The file's text; `what` names it in the error, e.g. `--data file product.json`. */
export async function readTextFile(path: string, what = path): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    throw new UsageError(`cannot read ${what}: ${(code && REASONS[code]) ?? code ?? message}`);
  }
}
