// What the packaging and fixture suites share: running a command with a time limit, counting
// its results (a script's own "N passed, N failed" line, or a Jest/vitest JSON report), and
// printing one line per step and the closing "N passed, N failed".
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'

/**
 * The counts of a Jest-style JSON report (Jest and vitest both write one) of a run that exited
 * with `code`: a file that failed to load has no test results and counts as one failure, and so
 * does a failing exit with no failed test. Undefined when the run wrote no report.
 */
export function jsonReportCounts(reportFile, code) {
  if (!existsSync(reportFile)) return undefined
  const report = JSON.parse(readFileSync(reportFile, 'utf8'))
  const loadFailures = report.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length
  let failed = report.numFailedTests + loadFailures
  if (code !== 0 && failed === 0) failed = 1
  return { passed: report.numPassedTests, failed }
}

export function createSuite({ name, timeoutMs = 180_000 }) {
  const results = []

  function record(step, passed, failed, detail = '') {
    results.push({ step, passed, failed })
    console.log(
      `${failed > 0 ? 'FAIL' : 'ok  '} ${step}: ${passed} passed, ${failed} failed${detail ? ` (${detail})` : ''}`,
    )
  }

  /** Runs `node args` (or `command args`), echoing its output indented; resolves to { code, output }. */
  function run(args, cwd, { echo = true, command = process.execPath, limitMs = timeoutMs, env = {} } = {}) {
    return new Promise((resolve) => {
      const child = spawn(command, args, { cwd, env: { ...process.env, FORCE_COLOR: '0', ...env } })
      let output = ''
      const collect = (chunk) => {
        output += chunk
        if (echo) process.stdout.write(String(chunk).replace(/^(?=.)/gm, '    '))
      }
      child.stdout.on('data', collect)
      child.stderr.on('data', collect)
      const timer = setTimeout(() => {
        output += `\n[${name}] timed out after ${limitMs} ms\n`
        child.kill('SIGKILL')
      }, limitMs)
      child.on('error', (error) => (output += `\n${error.message}\n`))
      child.on('close', (code) => {
        clearTimeout(timer)
        resolve({ code: code ?? 1, output })
      })
    })
  }

  /** A plain script that prints "N passed, N failed" last. */
  async function script(step, cwd, file) {
    console.log(`\n--- ${step}`)
    const { code, output } = await run([file], cwd)
    const match = [...output.matchAll(/^(\d+) passed, (\d+) failed/gm)].pop()
    const passed = match ? Number(match[1]) : 0
    let failed = match ? Number(match[2]) : 1
    if (code !== 0 && failed === 0) failed = 1
    record(step, passed, failed, `exit ${code}`)
  }

  /** A runner that writes a Jest-style JSON report (Jest and vitest both do; `env` adds variables). */
  async function jsonReport(step, cwd, args, reportFile, env = {}) {
    console.log(`\n--- ${step}`)
    const { code } = await run(args, cwd, { env })
    const counts = jsonReportCounts(reportFile, code)
    if (counts === undefined) return record(step, 0, 1, `no report, exit ${code}`)
    // A runner that found no test proves nothing.
    const failed = counts.passed === 0 && counts.failed === 0 ? 1 : counts.failed
    record(step, counts.passed, failed, `exit ${code}`)
  }

  /** Prints the closing line (after `prefix`, if given) and exits, non-zero on any failure. */
  function finish(prefix = '') {
    const passed = results.reduce((sum, r) => sum + r.passed, 0)
    const failed = results.reduce((sum, r) => sum + r.failed, 0)
    console.log(`\n${prefix}${passed} passed, ${failed} failed`)
    process.exit(failed > 0 ? 1 : 0)
  }

  return { record, run, script, jsonReport, finish }
}
