/** What `promise` was rejected with; fails the test if it was fulfilled. */
export async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection, but the promise was fulfilled');
}
