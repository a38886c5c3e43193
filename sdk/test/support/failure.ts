/** What a promise rejected with, or undefined when it resolved: for asserting on the error itself. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}
