/** What was thrown or rejected, as an `Error` (a thrown string or object becomes its message). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error))
}
