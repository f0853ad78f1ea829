import { expect, it } from 'vitest'
import { typecheck } from '../helpers/typecheck'

it('type-checks typed GraphQL handlers: right ones compile, wrong ones are errors', async () => {
  const result = await typecheck('test/graphql/types/tsconfig.json')
  expect(result.output).toBe('')
  expect(result.code).toBe(0)
}, 120_000)
