// Jest transform for the scenario's TypeScript: types stripped by TypeScript's transpileModule,
// modules made CommonJS, as a Jest project written in TypeScript is compiled.
const ts = require('typescript')

module.exports = {
  process(source, fileName) {
    const compilerOptions = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true }
    return { code: ts.transpileModule(source, { fileName, compilerOptions }).outputText }
  },
}
