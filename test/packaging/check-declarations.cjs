// `node check-declarations.cjs <typescript module> <tsconfig>`: compiles a consumer project
// with the given TypeScript and reports, like `tsc --listFiles`, the files it loaded and the
// errors of the project's own files and of mocklib's declaration files. Other packages'
// declarations are not checked: their support of old compilers is theirs to answer for.
const [typescriptPath, project] = process.argv.slice(2)
const ts = require(typescriptPath)

const config = ts.getParsedCommandLineOfConfigFile(
  project,
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
)
if (config === undefined) throw new Error(`could not read ${project}`)
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options })
const checked = (file) => !file.fileName.includes('/node_modules/') || file.fileName.includes('/node_modules/mocklib/')

const diagnostics = [...config.errors, ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
for (const file of program.getSourceFiles()) {
  console.log(file.fileName)
  if (checked(file)) diagnostics.push(...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file))
}
const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' }
if (diagnostics.length > 0) console.log(ts.formatDiagnostics(diagnostics, host))
// exitCode, not exit(): exit() drops what a pipe has not taken yet, and the file list is long.
process.exitCode = diagnostics.length > 0 ? 1 : 0
