import { expect, it } from 'vitest'
import { typecheck } from '../helpers/typecheck'

it('type-checks REST handlers, responses and the server API: right uses compile, wrong ones are errors', async () => {
  const result = await typecheck('test/rest/types/tsconfig.json')
  expect(result.output).toBe('')
  expect(result.code).toBe(0)
}, 120_000)
