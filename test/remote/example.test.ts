// examples/remote runs as its README says: three overlapping scoped "tests" and an unscoped page.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))

it('node examples/remote/run.mjs exits 0 with each test’s own forecast', async () => {
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, ['examples/remote/run.mjs'], { cwd: root }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    )
  })
  expect(code, output).toBe(0)
  for (const line of [
    'Oslo: snow, 3 °C',
    'Lisbon: sunny, 9 °C',
    'Lima: mist, 6 °C',
    'Anywhere: cloudy, 12 °C',
    'Done.',
  ])
    expect(output).toContain(line)
})
