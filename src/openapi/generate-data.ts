import type * as FakerModule from 'json-schema-faker'
import { hashText } from '../runtime/seeded-random'
import type { AnswerContext } from './answer-context'
import { inlineSchema } from './inline-schema'

/** Each schema is inlined once, kept by the document object that holds it (a media type, a header). */
const inlined = new WeakMap<object, unknown>()

/**
 * Data generated from a schema of the document that `owner` holds, the same for the same seed
 * option and `seedKey` (an operation and status, a header...).
 */
export function generateData(context: AnswerContext, owner: object, schema: unknown, seedKey: string): unknown {
  let ready = inlined.get(owner)
  if (ready === undefined) inlined.set(owner, (ready = inlineSchema(context.document, schema)))
  const seed = hashText(`${context.seed}:${seedKey}`)
  return context.faker.generateSync(ready as FakerModule.JsonSchema, { seed, refDepthMax: 2 })
}
