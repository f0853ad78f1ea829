import { hashText } from '../runtime/seeded-random'
import type { AnswerContext } from './answer-context'
import { pointerToken, resolvePointer, type JsonObject } from './document'
import { generateData } from './generate-data'

/**
 * Generated data made to fit every `oneOf` it passes through. The generator picks a member at
 * random and makes data that may fit other members too (a member that requires nothing fits any
 * object), which a `oneOf` refuses; and it ignores a `discriminator`. Here each `oneOf` the value
 * meets (through `$ref`, `allOf`, properties and items) is checked against its members: a value
 * fitting none or several is made again from each member in turn (a seeded start) until one fits
 * that member alone, and a discriminator's property names the member (its `mapping` key, else the
 * member schema's name). A `oneOf` no member can fit alone keeps the value as generated.
 * `value` is changed in place; the result is the value to send.
 */
export async function fitOneOfs(
  context: AnswerContext,
  pointer: string,
  value: unknown,
  seedKey: string,
): Promise<unknown> {
  const { pointer: at, value: node } = resolvePointer(context.document, pointer)
  if (!isObject(node)) return value
  let fitted = Array.isArray(node.oneOf) ? await fitMember(context, at, node, value, seedKey) : value
  for (const index of (Array.isArray(node.allOf) ? node.allOf : []).keys()) {
    fitted = await fitOneOfs(context, `${at}/allOf/${index}`, fitted, seedKey)
  }
  if (isObject(fitted) && !Array.isArray(fitted) && isObject(node.properties)) {
    for (const key of Object.keys(fitted).filter((name) => Object.hasOwn(node.properties as JsonObject, name))) {
      fitted[key] = await fitOneOfs(context, `${at}/properties/${pointerToken(key)}`, fitted[key], `${seedKey}/${key}`)
    }
  }
  if (Array.isArray(fitted) && isObject(node.items)) {
    for (const [index, item] of fitted.entries()) {
      fitted[index] = await fitOneOfs(context, `${at}/items`, item, `${seedKey}/${index}`)
    }
  }
  return fitted
}

async function fitMember(
  context: AnswerContext,
  at: string,
  node: JsonObject,
  value: unknown,
  seedKey: string,
): Promise<unknown> {
  const members = node.oneOf as unknown[]
  const checks = await Promise.all(
    members.map((_, index) => context.validators.compileAt('response body', `${at}/oneOf/${index}`)),
  )
  const tag = discriminatorTag(node)
  const fitsAlone = (candidate: unknown, index: number) =>
    checks.every((check, other) => (check(candidate).length === 0) === (other === index))
  const current = checks.findIndex((check) => check(value).length === 0)
  if (current !== -1 && fitsAlone(tag(value, current), current)) {
    return fitOneOfs(context, `${at}/oneOf/${current}`, value, seedKey)
  }
  const start = hashText(`${context.seed}:${seedKey}`) % members.length
  for (let step = 0; step < members.length; step++) {
    const index = (start + step) % members.length
    const member = resolvePointer(context.document, `${at}/oneOf/${index}`).value
    if (!isObject(member)) continue
    const made = generateData(context, member, member, `${seedKey}:oneOf:${index}`)
    const candidate = tag(await fitOneOfs(context, `${at}/oneOf/${index}`, made, seedKey), index)
    if (fitsAlone(candidate, index)) return candidate
  }
  return value
}

/** Sets a discriminator's property on an object to the name of member `index`; without a discriminator, nothing. */
function discriminatorTag(node: JsonObject): (value: unknown, index: number) => unknown {
  const discriminator = node.discriminator
  if (!isObject(discriminator) || typeof discriminator.propertyName !== 'string') return (value) => value
  const property = discriminator.propertyName
  const mapping = isObject(discriminator.mapping) ? Object.entries(discriminator.mapping) : []
  return (value, index) => {
    if (!isObject(value) || Array.isArray(value)) return value
    const ref = ((node.oneOf as unknown[])[index] as { $ref?: unknown } | undefined)?.$ref
    if (typeof ref !== 'string') return value
    const name = ref.slice(ref.lastIndexOf('/') + 1)
    // A mapping names its targets by reference or by schema name.
    value[property] = mapping.find(([, target]) => target === ref || target === name)?.[0] ?? name
    return value
  }
}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null
