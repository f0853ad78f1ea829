import { MocklibTypeError } from '../runtime/errors'
import { isUrl } from '../runtime/is-url'
import { loadFileSystem } from '../runtime/load-file-system'
import type { OpenApiDocument } from './document'
import { loadYaml } from './load-peers'
import { openApiMessages } from './messages'

/** What fromOpenApi accepts as its document: the parsed object, a file path, or a file/http(s) URL. */
export type OpenApiInput = OpenApiDocument | object | string | URL

/** Reads, parses (JSON, else YAML) and checks the document; an object is used as it is. */
export async function loadDocument(input: OpenApiInput): Promise<OpenApiDocument> {
  if (typeof input === 'object' && input !== null && !isUrl(input)) return checked(input, 'given as an object')
  if (typeof input !== 'string' && !isUrl(input)) {
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', openApiMessages.badInput(input))
  }
  const source = String(input)
  let text: string
  try {
    text = await readText(source)
  } catch (error) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- a document that cannot be read, not an argument
    throw new Error(openApiMessages.unreadable(source, error), { cause: error })
  }
  return checked(await parse(text, source), `at "${source}"`)
}

async function readText(source: string): Promise<string> {
  if (/^https?:/i.test(source)) {
    const response = await fetch(source)
    // eslint-disable-next-line mocklib/coded-argument-errors -- the server's answer, not an argument
    if (!response.ok) throw new Error(`the server answered ${response.status}`)
    return response.text()
  }
  const { fs, url } = await loadFileSystem().catch((error: unknown) => {
    // eslint-disable-next-line mocklib/coded-argument-errors -- the platform has no file system, not an argument
    throw new Error(openApiMessages.needsFileSystem(), { cause: error })
  })
  return fs.readFile(source.startsWith('file:') ? url.fileURLToPath(source) : source, 'utf8')
}

async function parse(text: string, source: string): Promise<unknown> {
  const trimmed = text.trimStart()
  try {
    if (trimmed.startsWith('{')) return JSON.parse(text)
    return (await loadYaml()).parse(text)
  } catch (error) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- a document that cannot be read, not an argument
    throw new Error(openApiMessages.unreadable(source, error), { cause: error })
  }
}

function checked(value: unknown, source: string): OpenApiDocument {
  const version = (value as { openapi?: unknown } | null)?.openapi
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version)) {
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', openApiMessages.notOpenApi(source, version))
  }
  return value as OpenApiDocument
}
