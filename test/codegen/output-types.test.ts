// The generated mocks type-check with the code that uses them: tsc on the plugin's output and a file written as an
// app writes it (right uses compile, each wrong one is an error its @ts-expect-error expects).
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { eventsOutput, root } from './run-codegen'

it('type-checks its output together with code that uses it', async () => {
  const output = await eventsOutput({
    links: [{ name: 'eventsApi', endpoint: 'https://events.test/graphql' }],
    unscoped: true,
  })
  const dir = mkdtempSync(join(tmpdir(), 'mocklib-codegen-'))
  try {
    writeFileSync(join(dir, 'events.ts'), output)
    writeFileSync(
      join(dir, 'use.ts'),
      [
        "import { HttpResponse } from 'mocklib'",
        "import { eventsApi, mockGetEventQuery, mockOnEventChangedSubscription, mockOnEventChangedSubscriptionEventsApi, mockRenameEventMutationEventsApi } from './events'",
        "mockGetEventQuery(({ variables }) => HttpResponse.json({ data: { event: { id: String(variables.id), name: 'Launch' } } }))",
        "mockRenameEventMutationEventsApi(({ variables }) => HttpResponse.json({ data: { renameEvent: { id: '1', name: variables.name } } }))",
        "eventsApi.query('listEvents', () => HttpResponse.json({ data: { all: [{ id: '1' }] } }))",
        '// @ts-expect-error: the subscription has no handler',
        "eventsApi.query('OnEventChanged', () => undefined)",
        "mockOnEventChangedSubscription(({ variables, subscription }) => subscription.publish({ data: { eventChanged: { id: String(variables.id), name: 'Renamed' } } }))",
        'const onChanged = mockOnEventChangedSubscriptionEventsApi(({ subscription }) => subscription.complete())',
        "onChanged.publish({ data: { eventChanged: { id: '1', name: 'Again' } } })",
        'for (const active of eventsApi.subscriptions) active.complete()',
        '// @ts-expect-error: eventChanged.name is a String',
        "mockOnEventChangedSubscription(({ subscription }) => subscription.publish({ data: { eventChanged: { id: '1', name: 2 } } }))",
        '// @ts-expect-error: the subscription has no variable "room"',
        'mockOnEventChangedSubscription(({ variables }) => void variables.room)',
        '// @ts-expect-error: name is a String',
        "mockGetEventQuery(() => HttpResponse.json({ data: { event: { id: '1', name: 1 } } }))",
        '',
      ].join('\n'),
    )
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(root, 'tsconfig.json'),
        compilerOptions: {
          isolatedDeclarations: true,
          declaration: true,
          noEmit: true,
          baseUrl: dir,
          typeRoots: [join(root, 'node_modules/@types')],
          paths: { mocklib: [join(root, 'src/index.ts')] },
        },
        include: [join(dir, '*.ts')],
      }),
    )
    const result = await new Promise<string>((resolve) => {
      execFile(
        process.execPath,
        [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')],
        { cwd: root },
        (_e, stdout, stderr) => resolve(stdout + stderr),
      )
    })
    expect(result).toBe('')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 120_000)
