import type * as FakerModule from 'json-schema-faker'
import type { OpenApiDocument } from './document'
import type { ExampleChecks } from './example-check'
import type { ReadyAnswers } from './ready-answers'
import type { DocumentValidators } from './validators'

/** What every generated handler of one document shares. */
export interface AnswerContext {
  /** The document in JSON Schema's dialect (json-schema.ts). */
  document: OpenApiDocument
  faker: typeof FakerModule
  seed: number
  examples: ExampleChecks
  /** The answer checks' validators, which generated data is made to fit (fit-one-of.ts). */
  validators: DocumentValidators
  /** Answers made once and sent again (ready-answers.ts). */
  ready: ReadyAnswers
}
