// ESLint (flat config) with typescript-eslint: run by `npm run lint` and, as a suite, by `npm test`
// (scripts/suite-lint.mjs). Why these tools and what each rule keeps: CONTRIBUTING.md.
import tseslint from 'typescript-eslint'
import { mocklibRules } from './scripts/lint/rules.mjs'

/** The body module: the only files that may read `.body` of a Response (see DESIGN.md, The Node fast paths). */
const BODY_MODULE = ['src/runtime/node-fast-path/**', 'src/sources/node/fetch-source.ts']

export default tseslint.config(
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: ['src/**/*.ts'] })),
  { ignores: ['dist/**', 'node_modules/**', 'test/**', 'bench/**', 'examples/**', 'src/**/*.js'] },
  {
    files: ['src/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, mocklib: mocklibRules },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'mocklib/accept-via-media-ranges': 'error',
      'mocklib/no-response-body': 'error',
      'mocklib/handler-brand-check': 'error',
      'mocklib/coded-argument-errors': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // `import('./x').Shape` in a type position stays allowed (scripts/suite-architecture.mjs follows it).
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // `_name` marks a parameter a signature needs and the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A class that names its own type after `extends`: `interface A<Q> extends B<Q> {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // `const self = this` before `super()` returns, for a closure that needs the instance.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self', 'channel'] }],
      'no-var': 'error',
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/runtime/media-ranges.ts'],
    rules: { 'mocklib/accept-via-media-ranges': 'off' },
  },
  {
    files: BODY_MODULE,
    rules: { 'mocklib/no-response-body': 'off' },
  },
)
