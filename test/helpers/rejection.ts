/** The Error a promise rejects with. Throws (failing the test) when it resolves or rejects with a non-Error. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Error) return error
    throw new Error(`Expected a rejection with an Error, got ${String(error)}`)
  }
  throw new Error('Expected the promise to reject, but it resolved')
}
