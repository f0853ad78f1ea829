/**
 * Where each test runner keeps its `expect` for code it loads: vitest under a registered
 * symbol (also without `globals: true`), Jest as the global `expect` (injectGlobals, the default).
 */
const VITEST_EXPECT = Symbol.for('expect-global')

export function vitestExpect(): unknown {
  const scope = globalThis as { [VITEST_EXPECT]?: unknown; expect?: unknown }
  return scope[VITEST_EXPECT] ?? scope.expect
}

export function jestExpect(): unknown {
  return (globalThis as { expect?: unknown }).expect
}
