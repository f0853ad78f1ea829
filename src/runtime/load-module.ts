// The build defines this per output format. The CommonJS build must `require` a package so that
// it gets the copy the user's CommonJS code (Jest, say) gets; an `import()` there would load the
// package's ESM build, a second copy (two graphql copies refuse each other's schemas), and fails
// under Jest without VM modules.
declare const __MOCKLIB_CJS__: boolean | undefined
const isCommonJs = typeof __MOCKLIB_CJS__ === 'boolean' && __MOCKLIB_CJS__

/** How to load one package in each build; both are literals at the call site, so bundlers see them. */
export interface ModuleImporters {
  require(): unknown
  import(): Promise<unknown>
}

const loaded = new Map<string, Promise<unknown>>()

/**
 * Loads a package once per process, on first use (`graphql`, the optional `@graphql-tools/*`
 * peers, Node built-ins for schema files). A failed load is not remembered, so a later call
 * tries again; the caller turns the error into its own message. `hasApi` tells the module
 * from a CommonJS module seen through `import()`, whose API sits on `.default`.
 */
export function loadModule<T>(
  name: string,
  importers: ModuleImporters,
  hasApi: (module: unknown) => boolean,
): Promise<T> {
  let module = loaded.get(name)
  if (module === undefined) {
    module = (isCommonJs ? new Promise((resolve) => resolve(importers.require())) : importers.import()).then(
      (value) => {
        if (hasApi(value)) return value
        const fallback = (value as { default?: unknown } | null)?.default
        if (hasApi(fallback)) return fallback
        // eslint-disable-next-line mocklib/coded-argument-errors -- a peer package of the wrong shape, not an argument
        throw new Error(`it does not have the expected exports`)
      },
    )
    loaded.set(name, module)
    module.catch(() => loaded.delete(name))
  }
  return module as Promise<T>
}

/** A `hasApi` for loadModule: the module exports `name`. */
export const hasExport =
  (name: string) =>
  (module: unknown): boolean =>
    typeof module === 'object' && module !== null && name in module
