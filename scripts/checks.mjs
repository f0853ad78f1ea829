// The "ok - name" / "not ok - name" lines and the closing "<suite>: N passed, N failed" count of
// the scripts/suite-*.mjs suites that run their checks themselves.
export function createChecks(suite) {
  let passed = 0
  let failed = 0
  /** Records a check: `problem` undefined means it passed, anything else is printed as the failure. */
  function report(name, problem) {
    if (problem === undefined) {
      passed++
      console.log(`ok - ${name}`)
    } else {
      failed++
      console.log(`not ok - ${name}\n${String(problem).replace(/^/gm, '    ')}`)
    }
  }
  /** Runs `fn` (resolving to a problem or undefined) and reports it; a throw is a failure. */
  async function check(name, fn) {
    try {
      report(name, await fn())
    } catch (error) {
      report(name, error instanceof Error ? (error.stack ?? error.message) : error)
    }
  }
  /** Prints the count and exits: non-zero when a check failed. */
  function finish() {
    console.log(`\n${suite}: ${passed} passed, ${failed} failed`)
    process.exit(failed > 0 ? 1 : 0)
  }
  return { report, check, finish }
}
