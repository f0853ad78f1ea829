import type Ajv from 'ajv'
import { atPointer, type JsonObject, type OpenApiDocument } from './document'
import { forDirection } from './read-write-only'

/**
 * The document's schemas an ajv instance has been given, each under its own URI
 * (`mocklib:openapi#/components/schemas/Pet`), added when a compiled check first reaches it
 * through `$ref`s. Giving ajv the whole document instead makes it compile all of it at the first
 * reference into it: seconds for a large document, where one operation reaches a few schemas.
 */
export class ReachableSchemas {
  private readonly added = new Set<string>()

  constructor(
    private readonly ajv: Ajv,
    private readonly document: OpenApiDocument,
    /** The URI the document is known by: references are resolved against it. */
    private readonly base: string,
    private readonly direction: 'request' | 'response',
  ) {}

  /** Adds every schema of the document that `schema` reaches, once each. */
  addFor(schema: unknown): void {
    const pending = referencesIn(schema)
    for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
      const uri = this.uriOf(ref)
      if (uri === undefined || this.added.has(uri)) continue
      this.added.add(uri)
      const pointer = uri.slice(this.base.length + 1)
      const copy = forDirection(this.document, atPointer(this.document, pointer, `#${pointer}`), this.direction)
      // Not checked against the meta-schema: ajv compiles what it is given, as it did for the whole document.
      this.ajv.addSchema(copy as object, uri, undefined, false)
      pending.push(...referencesIn(copy))
    }
  }

  /** The URI ajv resolves a reference to (its own resolver, so keys match), undefined outside the document. */
  private uriOf(ref: string): string | undefined {
    const uri = this.ajv.opts.uriResolver.resolve(this.base, ref).replace(/#\/?$/, '')
    return uri.startsWith(`${this.base}#/`) ? uri : undefined
  }
}

/** The `$ref`s written in a schema; examples, defaults and enums are data, not read (unless a property is so named). */
function referencesIn(value: unknown, names = false, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) referencesIn(item, false, found)
    return found
  }
  if (typeof value !== 'object' || value === null) return found
  for (const [key, child] of Object.entries(value as JsonObject)) {
    if (!names && DATA_KEYWORDS.has(key)) continue
    if (!names && key === '$ref' && typeof child === 'string') found.push(child)
    else referencesIn(child, NAME_MAPS.has(key), found)
  }
  return found
}

const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const'])
/** Keywords whose keys are names, any of which may be "example" or "$ref". */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
