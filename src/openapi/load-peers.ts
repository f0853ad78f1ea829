import type * as FakerModule from 'json-schema-faker'
import type * as YamlModule from 'yaml'
import type * as AjvModule from 'ajv/dist/2020.js'
import type * as AjvFormatsModule from 'ajv-formats'
import { hasExport, loadModule, type ModuleImporters } from '../runtime/load-module'
import { openApiMessages } from './messages'

declare const require: (id: string) => unknown

async function load<T>(name: string, importers: ModuleImporters, api: string | null): Promise<T> {
  try {
    return await loadModule<T>(name, importers, api === null ? isFunction : hasExport(api))
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

const isFunction = (module: unknown): boolean => typeof module === 'function'

export interface AjvModules {
  Ajv2020: typeof AjvModule.default
  addFormats: typeof AjvFormatsModule.default
}

/** The validator and its formats (optional peers), loaded by the first check a handler makes. */
export const loadAjv = async (): Promise<AjvModules> => {
  const [Ajv2020, addFormats] = await Promise.all([
    load<AjvModules['Ajv2020']>(
      'ajv',
      { require: () => require('ajv/dist/2020.js'), import: () => import('ajv/dist/2020.js') },
      null,
    ),
    load<AjvModules['addFormats']>(
      'ajv-formats',
      { require: () => require('ajv-formats'), import: () => import('ajv-formats') },
      null,
    ),
  ])
  return { Ajv2020, addFormats }
}
