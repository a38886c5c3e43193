// An import's file read before anything is sent: from a path or stdin, its format from --format
// or its name. A missing file or a folder is the same one line whatever --format says, since
// the file is read before its format is asked about.
import { extname } from 'node:path';
import { readTextFile } from '../commands/shared/read-file.js';
import { readStdin } from '../commands/shared/stdin.js';
import { UsageError } from '../errors.js';
import { fileDigest } from './keys.js';

export const IMPORT_FORMATS = ['csv', 'ndjson'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportInput {
  text: string;
  /** The file's name for messages, `stdin` for `-`. */
  source: string;
  format: ImportFormat;
  /** Of the whole text: the import's idempotency keys derive from it (keys.ts). */
  digest: string;
}

function formatOf(source: string, format: ImportFormat | undefined): ImportFormat {
  if (format) return format;
  const extension = extname(source).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.ndjson' || extension === '.jsonl') return 'ndjson';
  throw new UsageError(`cannot tell the format of ${source} from its name; pass --format csv or --format ndjson`);
}

export async function readImportInput(file: string, format: ImportFormat | undefined): Promise<ImportInput> {
  const source = file === '-' ? 'stdin' : file;
  const text = file === '-' ? await readStdin() : await readTextFile(file);
  return { text, source, format: formatOf(source, format), digest: fileDigest(text) };
}
