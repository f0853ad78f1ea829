/** A message without colours, so the text can be compared: the host (vitest, Jest) may colour its hints. */
export const plain = (text: string): string => text.replace(/\u001b\[[0-9;]*m/g, '')

/** The message an assertion fails with, without colours; fails the test when it passes. */
export function failure(assertion: () => unknown): string {
  try {
    assertion()
  } catch (error) {
    return plain((error as Error).message)
  }
  throw new Error('Expected the assertion to fail, but it passed')
}
