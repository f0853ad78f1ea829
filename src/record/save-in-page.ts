import { bypass } from '../runtime/bypass'
import type { Har } from './har'
import { recordMessages } from './messages'
import { stableStringify } from './stable-json'

/**
 * Saves a recording made in a page: POSTed to a dev-server endpoint (`saveUrl`, see
 * recordingEndpoint()), or offered as a download (`recording.har`) when there is none.
 */
export async function saveInPage(har: Har, saveUrl: string | undefined): Promise<void> {
  const text = `${stableStringify(har, 2)}\n`
  if (saveUrl !== undefined) {
    const response = await fetch(
      bypass(saveUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: text }),
    )
    // eslint-disable-next-line mocklib/coded-argument-errors -- the dev server's answer, not an argument
    if (!response.ok) throw new Error(recordMessages.saveFailed(saveUrl, response.status))
    return
  }
  const document = (globalThis as { document?: Document }).document
  // eslint-disable-next-line mocklib/coded-argument-errors -- the platform has no document, not an argument
  if (document === undefined) throw new Error(recordMessages.needsFileSystem())
  const href = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = Object.assign(document.createElement('a'), { href, download: 'recording.har' })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(href), 0)
}
