// What the client may assume of a deployment beyond the reference API. The names are the
// conformance profile's `extensions`, so a profile's declaration can be passed as it is.

/** Extensions beyond the reference that the deployment is declared to honour (spec/DECISIONS.md 110–126). */
export interface DeploymentExtensions {
  /**
   * `Idempotency-Key` on the POSTs whose operation declares it (DECISIONS 110–118). Declared,
   * such a POST is retried after a 502, 503, 504 or a reset connection, with an automatic key
   * when it has none; a POST whose operation takes no key is sent once and unkeyed (DECISIONS
   * 126, 306).
   */
  idempotency?: boolean;
  /**
   * `ETag`, `If-None-Match` and `If-Match` (DECISIONS 119–125). Accepted so that a profile's
   * declaration can be passed whole; `readETag` and `If-Match` work without it.
   */
  etags?: boolean;
}

/** The names a declaration may use, for clients that take them in another spelling (whctl's list). */
export const EXTENSION_NAMES = ['idempotency', 'etags'] as const;

/** The declaration, checked: a misspelt name silently ignored would turn a safety switch off. */
export function checkExtensions(value: unknown): DeploymentExtensions {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`extensions must be an object such as { idempotency: true }, got ${JSON.stringify(value)}`);
  }
  for (const [name, setting] of Object.entries(value)) {
    if (!(EXTENSION_NAMES as readonly string[]).includes(name)) {
      throw new TypeError(
        `extensions has an unknown key ${JSON.stringify(name)} (expected ${EXTENSION_NAMES.join(', ')})`,
      );
    }
    if (typeof setting !== 'boolean' && setting !== undefined) {
      throw new TypeError(`extensions.${name} must be true or false, got ${JSON.stringify(setting)}`);
    }
  }
  return value as DeploymentExtensions;
}
