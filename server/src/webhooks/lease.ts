// How long a claim lasts against how long a send may take (DECISIONS 247, 421). A claim's lease
// is twice the send's timeout, counted from just before the claim, on this process's monotonic
// clock (the database's lease starts later, so it ends later). A send starts only while a
// timeout and a half of the lease is left: its own timer ends it at least half a timeout before
// any claim, here or in another process, could take the delivery again.

/** A claim's lease for sends bounded by `timeoutMs`. */
export const leaseFor = (timeoutMs: number): number => 2 * timeoutMs;

/** Whether a send bounded by `timeoutMs`, started now, ends well within a lease ending at `leaseEndsAt` (performance.now()). */
export const sendFits = (leaseEndsAt: number, timeoutMs: number, now = performance.now()): boolean =>
  now + 1.5 * timeoutMs <= leaseEndsAt;
