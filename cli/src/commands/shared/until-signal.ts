// For commands that run until stopped (events tail, listen): SIGINT or SIGTERM ends them
// cleanly, with status 0, once what is in flight is cut short.

/** A signal that aborts on the first SIGINT or SIGTERM; `dispose` stops listening for them. */
export function untilSignal(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    dispose: () => process.off('SIGINT', onSignal).off('SIGTERM', onSignal),
  };
}
