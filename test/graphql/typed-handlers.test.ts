import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

it('type-checks typed GraphQL handlers: right ones compile, wrong ones are errors', async () => {
  const result = await new Promise<{ code: number | null; output: string }>((resolve) => {
    execFile(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', 'test/graphql/types/tsconfig.json'],
      { cwd: root },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, output: stdout + stderr }),
    )
  })
  expect(result.output).toBe('')
  expect(result.code).toBe(0)
}, 120_000)
