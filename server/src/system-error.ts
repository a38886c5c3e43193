// Node's errors about the machine (a file, a folder, an address) in an operator's words, so that
// wh-server can say what is wrong in one line instead of printing a stack for it.

const reasons = new Map([
  ['ENOENT', 'no such file or directory'],
  ['ENOTDIR', 'a part of the path is a file, not a directory'],
  ['EISDIR', 'it is a directory'],
  ['EEXIST', 'a file is in the way'],
  ['EACCES', 'permission denied'],
  ['EPERM', 'permission denied'],
  ['EROFS', 'the file system is read-only'],
  ['ENOSPC', 'no space left on the device'],
  ['ECONNREFUSED', 'nothing listens there'],
  ['ENOTFOUND', 'the host name does not resolve'],
  ['EAI_AGAIN', 'the host name does not resolve'],
  ['ETIMEDOUT', 'it did not answer in time'],
  ['ECONNRESET', 'it closed the connection'],
  ['EHOSTUNREACH', 'the host cannot be reached'],
  ['ENETUNREACH', 'the network cannot be reached'],
]);

/** Why `error` happened, when it is one of Node's errors about the machine; undefined otherwise. */
export function systemReason(error: unknown): string | undefined {
  // A connection tried on every address of a name fails with all of them; the first says why.
  const first = error instanceof AggregateError && error.errors.length ? error.errors[0] : error;
  const code = (first as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? reasons.get(code) : undefined;
}
