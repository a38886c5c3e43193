// Tokens never reach a log, a trace, a curl line or a HAR file: the Authorization header's
// credentials are replaced, and so is any other place a known token shows up (a URL, a body
// echoed back by a misbehaving server).

export const REDACTED = '[REDACTED]';

/** `text` with every occurrence of each secret replaced by `[REDACTED]`. */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (secret) result = result.split(secret).join(REDACTED);
  return result;
}

/** A header's value as it may be shown: the scheme of `Authorization` kept, its credentials never. */
export function redactHeader(name: string, value: string, secrets: readonly string[]): string {
  if (name.toLowerCase() !== 'authorization') return redact(value, secrets);
  const space = value.indexOf(' ');
  return space > 0 ? `${value.slice(0, space + 1)}${REDACTED}` : REDACTED;
}
