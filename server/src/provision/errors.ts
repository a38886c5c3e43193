/** A provisioning file that cannot be applied; the message says what to change in it. */
export class ProvisioningError extends Error {
  override name = 'ProvisioningError';
}
