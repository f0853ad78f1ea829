// The project's own lint rules (scripts/lint/rules.mjs) each catch what they are for and let the
// allowed form through, so a rule that silently matches nothing fails here, not in review.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs module without types
import { mocklibRules } from '../../scripts/lint/rules.mjs'

const folder = mkdtempSync(join(tmpdir(), 'mocklib-lint-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** Each sample's messages from `rule`, linted as TypeScript files (with type information when `typed`). */
function lintAll(rule: string, samples: string[], typed = false): string[][] {
  const files = samples.map((code, index) => {
    const file = join(folder, `${rule}-${index}.ts`)
    writeFileSync(file, code)
    return file
  })
  // No lib: the samples declare the platform classes they use, so the program is made at once.
  const options = { strict: true, noEmit: true, noLib: true, types: [] }
  const parserOptions = typed ? { programs: [ts.createProgram(files, options)] } : {}
  const linter = new Linter({ configType: 'flat', cwd: folder })
  const config = {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser, parserOptions },
    plugins: { mocklib: mocklibRules },
    rules: { [`mocklib/${rule}`]: 'error' },
  }
  return samples.map((code, index) =>
    linter.verify(code, config as Linter.Config, { filename: files[index] }).map((message) => message.message),
  )
}

const lint = (rule: string, code: string): string[] => lintAll(rule, [code])[0]

describe('mocklib/handler-brand-check', () => {
  it('refuses instanceof on a handler class and lets other classes through', () => {
    const declarations = 'class WebSocketHandler {}\nconst value: unknown = 1\n'
    expect(lint('handler-brand-check', `${declarations}value instanceof WebSocketHandler`)).toEqual([
      expect.stringContaining('brand'),
    ])
    expect(lint('handler-brand-check', `${declarations}value instanceof URL`)).toEqual([])
  })
})

describe('mocklib/coded-argument-errors', () => {
  it('refuses a plain Error or TypeError thrown and lets a coded error through', () => {
    expect(lint('coded-argument-errors', "throw new TypeError('bad')")).toEqual([
      expect.stringContaining('MocklibTypeError'),
    ])
    expect(lint('coded-argument-errors', "throw new Error('bad')")).toEqual([
      expect.stringContaining('MocklibTypeError'),
    ])
    const coded =
      'class MocklibTypeError extends TypeError { constructor(readonly code: string, m: string) { super(m) } }\n'
    expect(
      lint('coded-argument-errors', `${coded}throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', 'bad')`),
    ).toEqual([])
  })
})

describe('mocklib/accept-via-media-ranges', () => {
  const head = 'declare const headers: Headers\ndeclare function acceptsMediaType(accept: string | null): boolean\n'
  it('refuses an Accept value compared, kept or split', () => {
    expect(lint('accept-via-media-ranges', `${head}headers.get('accept') === 'text/event-stream'`)).toHaveLength(1)
    expect(lint('accept-via-media-ranges', `${head}const accept = headers.get('Accept')`)).toHaveLength(1)
  })
  it('lets the value go straight into a call, through ?? and ?.', () => {
    expect(lint('accept-via-media-ranges', `${head}acceptsMediaType(headers.get('accept'))`)).toEqual([])
    expect(lint('accept-via-media-ranges', `${head}acceptsMediaType(headers.get('accept') ?? null)`)).toEqual([])
    expect(lint('accept-via-media-ranges', `${head}const type = headers.get('content-type')`)).toEqual([])
  })
})

describe('mocklib/no-response-body', () => {
  it('refuses .body of a Response or a subclass, and lets a Request body through', () => {
    const platform =
      'declare class Response { readonly body: unknown }\ndeclare class Request { readonly body: unknown }\n'
    const code = `${platform}declare const response: Response\nclass HttpResponse extends Response {}\ndeclare const mine: HttpResponse\n`
    const request = `${platform}declare const request: Request\nrequest.body`
    const [plain, subclass, ofRequest] = lintAll(
      'no-response-body',
      [`${code}response.body`, `${code}mine.body`, request],
      true,
    )
    expect(plain).toEqual([expect.stringContaining('body module')])
    expect(subclass).toEqual([expect.stringContaining('body module')])
    expect(ofRequest).toEqual([])
  })
})
