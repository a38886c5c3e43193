// The safe-write options of create, update and delete commands (extensions of the API,
// spec/DECISIONS.md 110–126): an Idempotency-Key for a create, and If-Match for a change, given
// or read from the record just before (--if-unmodified). A server without the extensions
// ignores the headers.
import { readETag, toApiError } from '@warehouse-kit/sdk';
import { type Command, Option } from 'commander';
import { UsageError } from '../../errors.js';

export interface CreateSafety {
  idempotencyKey?: string;
}

export interface ChangeSafety {
  ifMatch?: string;
  ifUnmodified?: boolean;
}

/** Adds --idempotency-key to a create command. */
export function idempotencyOption(command: Command): Command {
  return command.addOption(
    new Option('--idempotency-key <key>', 'send it again with the same key and the record is created once'),
  );
}

/** The create's header parameters. */
export const idempotencyHeader = (flags: CreateSafety) =>
  flags.idempotencyKey === undefined ? {} : { 'Idempotency-Key': flags.idempotencyKey };

/** Adds --if-match and --if-unmodified to an update or delete command. */
export function conditionOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--if-match <etag>',
        'change it only if its ETag is still this one (else 412: exit 10, nothing changed)',
      ),
    )
    .addOption(
      new Option('--if-unmodified', 'read the record first and change it only if nobody changed it in between'),
    );
}

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
