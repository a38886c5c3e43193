// The safe-write options of write commands (extensions of the API, spec/DECISIONS.md 110–126):
// an Idempotency-Key, and If-Match given or read from the record just before (--if-unmodified).
// A command offers each only where its operation declares the header in the contract
// (DECISIONS 307), since an operation may refuse one. A server without the extensions ignores
// the headers.
import { declaresHeader, type paths, readETag, toApiError } from '@warehouse-kit/sdk';
import { type Command, Option } from 'commander';
import { UsageError } from '../../errors.js';

export interface KeySafety {
  idempotencyKey?: string;
}

export interface ChangeSafety {
  ifMatch?: string;
  ifUnmodified?: boolean;
}

/**
 * Adds the options the operation (`POST /products`, say) declares headers for: --idempotency-key
 * for Idempotency-Key, --if-match and --if-unmodified for If-Match.
 */
export function safeWriteOptions(
  command: Command,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: keyof paths,
): Command {
  if (declaresHeader(method, path, 'Idempotency-Key'))
    command.addOption(new Option('--idempotency-key <key>', 'send it again with the same key and it is done once'));
  if (declaresHeader(method, path, 'If-Match'))
    command
      .addOption(
        new Option(
          '--if-match <etag>',
          'change it only if its ETag is still this one (else 412: exit 10, nothing changed)',
        ),
      )
      .addOption(
        new Option('--if-unmodified', 'read the record first and change it only if nobody changed it in between'),
      );
  return command;
}

/** The header parameters of --idempotency-key. */
export const idempotencyHeader = (flags: KeySafety) =>
  flags.idempotencyKey === undefined ? {} : { 'Idempotency-Key': flags.idempotencyKey };

/**
 * The change's header parameters: the ETag given, or the one `read` answers with; none when
 * neither flag is set.
 */
export async function ifMatchHeader(
  flags: ChangeSafety,
  read: () => Promise<{ error?: unknown; response: Response }>,
): Promise<{ 'If-Match'?: string }> {
  if (flags.ifMatch !== undefined && flags.ifUnmodified)
    throw new UsageError('use --if-match or --if-unmodified, not both');
  if (flags.ifMatch !== undefined) return { 'If-Match': flags.ifMatch };
  if (!flags.ifUnmodified) return {};
  const result = await read();
  if (!result.response.ok) throw toApiError(result);
  const etag = readETag(result.response);
  if (!etag) throw new UsageError('the server sends no ETag for this record, so --if-unmodified cannot be honoured');
  return { 'If-Match': etag };
}
