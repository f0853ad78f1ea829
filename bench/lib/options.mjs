// Command-line options of the bench scripts: `--name value`.
const argv = process.argv.slice(2)

/** The value after `name` on the command line, or `fallback` when it is not there. */
export function option(name, fallback) {
  const index = argv.indexOf(name)
  return index === -1 ? fallback : argv[index + 1]
}
