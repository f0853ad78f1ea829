import { format } from '../runtime/messages'
import { pointerToken, resolvePointer, type MediaTypeObject } from './document'
import { openApiMessages } from './messages'
import type { Operation } from './operations'
import { violationText, type DocumentValidators } from './validators'

/** An example about to be sent: its name as the document gives it, and its value. */
export interface ChosenExample {
  name: string
  value: unknown
}

/**
 * Whether the document's examples fit their own schemas, each checked once (by the answer that
 * first sends it) with the validators of the answer checks. One that does not fit is reported by
 * a warning naming the operation, the status, the example and each violation. Without the
 * optional validator packages installed, examples are sent unchecked.
 */
export class ExampleChecks {
  private readonly verdicts = new WeakMap<MediaTypeObject, Map<string, boolean | Promise<boolean>>>()

  constructor(private readonly validators: DocumentValidators) {}

  /** True when the example fits; a promise on the first check of this example. */
  fits(
    operation: Operation,
    key: string,
    mediaType: string,
    media: MediaTypeObject,
    example: ChosenExample,
  ): boolean | Promise<boolean> {
    let known = this.verdicts.get(media)
    if (known === undefined) this.verdicts.set(media, (known = new Map()))
    let verdict = known.get(example.name)
    if (verdict === undefined) {
      const checked = this.check(operation, key, mediaType, media, example)
      known.set(example.name, (verdict = checked))
      void checked.then((fits) => known.set(example.name, fits))
    }
    return verdict
  }

  private async check(
    operation: Operation,
    key: string,
    mediaType: string,
    media: MediaTypeObject,
    example: ChosenExample,
  ): Promise<boolean> {
    if (media.schema === undefined) return true
    const { document } = this.validators
    const response = resolvePointer(document, `${operation.pointer}/responses/${pointerToken(key)}`).pointer
    const schema = `${response}/content/${pointerToken(mediaType)}/schema`
    let check: Awaited<ReturnType<DocumentValidators['compileAt']>>
    try {
      check = await this.validators.compileAt('response body', schema)
    } catch {
      // No validator installed (or a schema ajv refuses, which the answer check reports): sent as written.
      return true
    }
    const violations = check(example.value)
    if (violations.length === 0) return true
    const texts = violations.map((violation) => violationText(violation, example.value))
    console.warn(format(openApiMessages.exampleMismatch(operation.label, key, example.name, texts)))
    return false
  }
}
