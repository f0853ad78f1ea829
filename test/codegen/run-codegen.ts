// Runs GraphQL Code Generator's CLI in memory (generate() without writing files).
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { generate } from '@graphql-codegen/cli'
import type { CodegenConfig } from '@graphql-codegen/cli'
import type { CodegenPlugin, Types } from '@graphql-codegen/plugin-helpers'
import * as mocklibCodegen from '../../src/codegen'

export const root = fileURLToPath(new URL('../..', import.meta.url))
export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))

/** The plugin is loaded by its package name, resolved to the sources here. */
async function pluginLoader(name: string): Promise<CodegenPlugin> {
  if (name === 'mocklib/codegen') return mocklibCodegen
  return (await import(name)) as CodegenPlugin
}

export async function runCodegen(config: CodegenConfig): Promise<Map<string, string>> {
  const outputs: Types.FileOutput[] = await generate({ pluginLoader, silent: true, ...config, cwd: root }, false)
  return new Map(outputs.map((output) => [output.filename, output.content]))
}

export const committed = (file: string) => readFileSync(`${root}${file}`, 'utf8')

/** The plugin's output (with typescript-operations) for test/codegen/fixtures/events.graphql and `documents`. */
export const eventsOutput = (
  config: Record<string, unknown>,
  file = 'events.ts',
  documents = 'events-operations.graphql',
): Promise<string> =>
  runCodegen({
    schema: fixture('events.graphql'),
    documents: fixture(documents),
    generates: { [file]: { plugins: ['typescript-operations', 'mocklib/codegen'], config } },
  }).then((outputs) => outputs.get(file) as string)
