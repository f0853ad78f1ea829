import type * as FakerModule from 'json-schema-faker'
import type * as YamlModule from 'yaml'
import { hasExport, loadModule, type ModuleImporters } from '../runtime/load-module'
import { openApiMessages } from './messages'

declare const require: (id: string) => unknown

async function load<T>(name: string, importers: ModuleImporters, api: string): Promise<T> {
  try {
    return await loadModule<T>(name, importers, hasExport(api))
  } catch (error) {
    // eslint-disable-next-line mocklib/coded-argument-errors -- a missing peer package, not an argument
    throw new Error(openApiMessages.missingPeer(name, error), { cause: error })
  }
}

/**
 * The data generator, bundled into mocklib/openapi (tsdown.config.ts) and loaded by the first
 * fromOpenApi call. It is ESM only, so both builds import it; bundled, it is one copy either way.
 */
export const loadFaker = (): Promise<typeof FakerModule> =>
  load(
    'json-schema-faker',
    { require: () => import('json-schema-faker'), import: () => import('json-schema-faker') },
    'generateSync',
  )

/** The YAML parser (an optional peer), loaded only for a document written in YAML. */
export const loadYaml = (): Promise<typeof YamlModule> =>
  load('yaml', { require: () => require('yaml'), import: () => import('yaml') }, 'parse')
