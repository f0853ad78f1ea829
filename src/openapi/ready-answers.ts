import { HttpResponse } from '../runtime/http-response'
import type { Operation } from './operations'
import type { ResponseChoice } from './prefer'

/** An answer as it is sent: status, headers (Content-Type included) and body text (none: no body). */
export interface ReadyAnswer {
  status: number
  headers: Record<string, string>
  text: string | null
}

/**
 * Each operation's answers by choice, serialised once. An answer that is not a collection's
 * depends only on the document, the seed, the operation and the choice (generated data is seeded,
 * an example is checked once), so every request for it gets the same text: it is made and
 * checked by the first, and the next ones only build the Response.
 */
export class ReadyAnswers {
  readonly #byOperation = new WeakMap<Operation, Map<string, ReadyAnswer>>()

  get(operation: Operation, choice: ResponseChoice): ReadyAnswer | undefined {
    return this.#byOperation.get(operation)?.get(choiceKey(choice))
  }

  set(operation: Operation, choice: ResponseChoice, answer: ReadyAnswer): void {
    let byChoice = this.#byOperation.get(operation)
    if (byChoice === undefined) this.#byOperation.set(operation, (byChoice = new Map()))
    byChoice.set(choiceKey(choice), answer)
  }
}

const choiceKey = ({ status, example, dynamic }: ResponseChoice): string =>
  `${status ?? ''} ${dynamic === true ? 'dynamic' : ''} ${example ?? ''}`

/** A new Response for a ready answer (the platform copies the headers). */
export function sendReady({ status, headers, text }: ReadyAnswer): Response {
  return new HttpResponse(text, { status, headers })
}
