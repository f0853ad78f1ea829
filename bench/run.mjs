#!/usr/bin/env node
// The side-by-side benchmark (npm run bench). For each scenario, every contender runs in its own
// process; they take turns, round after round, and each round reports the CPU time it took.
// Figures are medians of CPU time per unit, and ratios are medians of per-round ratios.
//
//   node bench/run.mjs [--quick] [--rounds N] [--only id,id] [--dist dir] [--no-memory] [--no-cold]
//                      (--only mock-servers: bench/serve.mjs alone, which a full run ends with)
//                      [--compare dir]   adds "mocklib-base", another build, to measure a change
//                      [--base-no-history] "mocklib-base" listens with { history: false } (with
//                                        --compare dist: what recording the history costs)
//                      [--node 22|path]  runs the contenders on another Node (results named -node22)
import { fork, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { evaluateGoals } from './lib/goals.mjs'
import { nodeBinary, runtimeSuffix } from './lib/node-binary.mjs'
import { option } from './lib/options.mjs'
import { median } from './lib/stats.mjs'
import { SCENARIOS } from './lib/scenarios.mjs'
import { renderChart, renderTable } from './lib/report.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..')
const argv = process.argv.slice(2)
const flag = (name) => argv.includes(name)

const quick = flag('--quick')
const config = {
  quick,
  // Many short rounds: on a busy machine, neighbours in a round see the same load.
  rounds: Number(option('--rounds') ?? (quick ? 6 : 10)),
  roundMs: quick ? 50 : 100,
  // The JIT needs a few thousand units before a contender reaches its steady state
  // (http.request and axios the longest); slow contenders stop at the CPU cap.
  warmupUnits: quick ? 1500 : 3000,
  warmupCapMs: quick ? 2000 : 6000,
  coldRounds: quick ? 3 : 7,
  /** Units per memory run, by contender and work. */
  memory: quick
    ? {
        mocklib: {
          fetch: 10_000,
          http: 2_000,
          'listen-close': 1_000,
          'ws-open-close': 10_000,
          'graphql-ws-events': 10_000,
          'graphql-sse-events': 10_000,
          'graphql-multipart-events': 10_000,
        },
        interceptors: { fetch: 5_000, http: 2_000, 'listen-close': 1_000 },
        msw: { fetch: 2_000, http: 500, 'listen-close': 1_000, 'ws-open-close': 1_000 },
      }
    : {
        mocklib: {
          fetch: 100_000,
          http: 10_000,
          'listen-close': 1_000,
          'ws-open-close': 10_000,
          'graphql-ws-events': 50_000,
          'graphql-sse-events': 50_000,
          'graphql-multipart-events': 50_000,
        },
        interceptors: { fetch: 20_000, http: 10_000, 'listen-close': 1_000 },
        msw: { fetch: 5_000, http: 1_000, 'listen-close': 1_000, 'ws-open-close': 2_000 },
      },
}
const dist = resolve(root, option('--dist') ?? 'dist')
const only = option('--only')?.split(',')
const compareDist = option('--compare') && resolve(root, option('--compare'))
const distOf = (contender) => (contender === 'mocklib-base' ? compareDist : dist)
const outDir = join(here, 'results')
const node = nodeBinary(option('--node'))

const results = {
  command: `node bench/run.mjs ${argv.join(' ')}`.trim(),
  date: new Date().toISOString(),
  machine: {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: node.version,
  },
  nodeOption: option('--node'),
  versions: versions(),
  config,
  scenarios: [],
  coldStart: undefined,
  memory: undefined,
}

function versions() {
  const read = (dir) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')).version
  return {
    mocklib: read('.'),
    msw: read('node_modules/msw'),
    'fetch-mock': read('node_modules/fetch-mock'),
    '@mswjs/interceptors': read('node_modules/@mswjs/interceptors'),
  }
}

function log(line) {
  process.stderr.write(line + '\n')
}

/** Starts one contender's child and waits until it has warmed up. */
function startChild(scenario, contender) {
  const child = fork(
    join(here, 'lib/child.mjs'),
    [scenario.id, contender, distOf(contender), String(config.warmupUnits), String(config.warmupCapMs)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      execPath: node.path,
      env:
        contender === 'mocklib-base' && flag('--base-no-history')
          ? { ...process.env, BENCH_NO_HISTORY: '1' }
          : undefined,
    },
  )
  let waiting
  let failure
  child.on('message', (message) => {
    if (message.type === 'error') failure = new Error(`${scenario.id} / ${contender}: ${message.message}`)
    waiting?.(message)
  })
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) failure ??= new Error(`${scenario.id} / ${contender}: exited with ${code}`)
    waiting?.({ type: 'exit' })
  })
  const next = () =>
    new Promise((resolve, reject) => {
      waiting = (message) => {
        waiting = undefined
        if (failure) reject(failure)
        else resolve(message)
      }
    })
  return { child, next, contender }
}

async function runScenario(scenario) {
  log(`\n${scenario.title}`)
  const entry = { id: scenario.id, title: scenario.title, unit: scenario.unit, contenders: {}, ratios: {}, skipped: {} }
  const active = []
  const contenders =
    compareDist && scenario.contenders.includes('mocklib')
      ? [...scenario.contenders, 'mocklib-base']
      : scenario.contenders
  for (const contender of contenders) {
    const child = startChild(scenario, contender)
    const first = await child.next()
    if (first.type === 'skipped') {
      entry.skipped[contender] = first.reason
      log(`  ${contender}: skipped (${first.reason})`)
      continue
    }
    if (first.type !== 'ready') throw new Error(`${scenario.id} / ${contender}: did not start`)
    active.push(child)
    entry.contenders[contender] = { rounds: [] }
  }

  for (let round = 0; round < config.rounds; round++) {
    // Rotate the order so no contender always runs right after another.
    const order = active.map((_, index) => active[(index + round) % active.length])
    for (const child of order) {
      child.child.send({ type: 'round', targetMs: config.roundMs })
      const result = await child.next()
      if (result.type !== 'result') throw new Error(`${scenario.id} / ${child.contender}: no result`)
      entry.contenders[child.contender].rounds.push({ ...result, perUnitUs: result.cpuUs / result.units })
    }
  }
  for (const child of active) {
    child.child.send({ type: 'exit' })
    await child.next()
  }

  for (const [name, data] of Object.entries(entry.contenders)) {
    data.medianUs = median(data.rounds.map((r) => r.perUnitUs))
    data.medianWallUs = median(data.rounds.map((r) => r.wallUs / r.units))
    log(
      `  ${name.padEnd(12)} ${data.medianUs.toFixed(1).padStart(9)} µs CPU / ${scenario.unit}  (rounds: ${data.rounds.map((r) => r.perUnitUs.toFixed(0)).join(', ')})`,
    )
  }
  addRatios(entry)
  return entry
}

/** Per-round ratios of mocklib to each other contender, and their median. */
function addRatios(entry) {
  const mine = entry.contenders.mocklib
  if (!mine) return
  for (const [name, data] of Object.entries(entry.contenders)) {
    if (name === 'mocklib') continue
    const perRound = mine.rounds.map((round, index) => round.perUnitUs / data.rounds[index].perUnitUs)
    entry.ratios[`mocklib/${name}`] = { perRound, median: median(perRound) }
  }
}

function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(node.path, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`node ${args.join(' ')} exited with ${code}`))
      else resolve(JSON.parse(out.trim().split('\n').pop()))
    })
  })
}

async function runColdStart() {
  log('\nCold start (fresh process: import, setupServer, listen, first fetch)')
  const contenders = ['mocklib', 'msw', 'interceptors', 'baseline', ...(compareDist ? ['mocklib-base'] : [])]
  const entry = {
    id: 'cold-start',
    title: 'Cold start: import, setupServer, listen, first fetch',
    unit: 'process',
    contenders: {},
    ratios: {},
  }
  for (const name of contenders) entry.contenders[name] = { rounds: [] }
  for (let round = 0; round < config.coldRounds; round++) {
    for (let index = 0; index < contenders.length; index++) {
      const name = contenders[(index + round) % contenders.length]
      const library = name === 'mocklib-base' ? 'mocklib' : name
      const result = await runNode([join(here, 'lib/cold-start.mjs'), library, distOf(name)])
      entry.contenders[name].rounds.push({
        units: 1,
        cpuUs: result.cpuUs,
        wallUs: result.wallMs * 1000,
        perUnitUs: result.cpuUs,
      })
    }
  }
  for (const [name, data] of Object.entries(entry.contenders)) {
    data.medianUs = median(data.rounds.map((r) => r.perUnitUs))
    data.medianWallUs = median(data.rounds.map((r) => r.wallUs))
    log(
      `  ${name.padEnd(12)} ${(data.medianUs / 1000).toFixed(1).padStart(7)} ms CPU, ${(data.medianWallUs / 1000).toFixed(1)} ms wall`,
    )
  }
  addRatios(entry)
  // Importing mocklib for REST alone must not load graphql, from ESM or CommonJS.
  const esm = await runNode([join(here, 'lib/cold-start.mjs'), 'mocklib', dist, '--trace-graphql'])
  const cjs = await runNode([join(here, 'lib/cold-start.mjs'), 'mocklib', dist, '--cjs'])
  entry.graphqlLoaded = { esm: esm.graphqlModules, cjs: cjs.graphqlModules }
  log(
    `  graphql modules loaded by a REST-only mocklib process: ESM ${esm.graphqlModules.length}, CJS ${cjs.graphqlModules.length}`,
  )
  return entry
}

async function runMemory() {
  log('\nMemory (heap after GC, retained per unit; --expose-gc)')
  const jobs = []
  for (const [contender, kinds] of Object.entries(config.memory)) {
    for (const [kind, count] of Object.entries(kinds)) jobs.push({ contender, kind, count })
  }
  // Heap figures do not depend on CPU contention: run two at a time.
  const out = []
  const queue = [...jobs]
  await Promise.all(
    [0, 1].map(async () => {
      while (queue.length > 0) {
        const job = queue.shift()
        const result = await runNode([
          '--expose-gc',
          join(here, 'lib/memory.mjs'),
          job.contender,
          dist,
          job.kind,
          String(job.count),
        ])
        out.push({ ...job, ...result })
        log(
          `  ${job.contender.padEnd(12)} ${job.kind.padEnd(12)} ${String(job.count).padStart(7)} units: ${result.retainedPerUnit.toFixed(0).padStart(5)} bytes retained per unit`,
        )
      }
    }),
  )
  const order = (job) => jobs.findIndex((j) => j.contender === job.contender && j.kind === job.kind)
  return out.sort((a, b) => order(a) - order(b))
}

const started = Date.now()
for (const scenario of SCENARIOS) {
  if (only && !only.includes(scenario.id)) continue
  results.scenarios.push(await runScenario(scenario))
}
if (!flag('--no-cold') && (!only || only.includes('cold-start'))) results.coldStart = await runColdStart()
if (!flag('--no-memory') && (!only || only.includes('memory'))) results.memory = await runMemory()
results.goals = evaluateGoals(results)
results.durationS = Math.round((Date.now() - started) / 1000)

mkdirSync(outDir, { recursive: true })
const partial = only || quick ? '.partial' : ''
const name = `latest${runtimeSuffix(results)}${partial}`
writeFileSync(join(outDir, `${name}.json`), JSON.stringify(results, null, 2) + '\n')
writeFileSync(join(outDir, `chart${runtimeSuffix(results)}${partial}.svg`), renderChart(results))
process.stdout.write('\n' + renderTable(results) + '\n')
log(`\nWrote bench/results/${name}.json and the chart in ${results.durationS} s.`)

// The mock servers side by side (bench/serve.mjs, docs/performance.md#mock-servers-side-by-side):
// part of a full run (not --quick), or asked for by name; requests per second, not CPU per unit.
if (only ? only.includes('mock-servers') : !quick) {
  const child = spawn(process.execPath, [join(here, 'serve.mjs'), '--duration', '10'], { stdio: 'inherit' })
  const [code] = await once(child, 'exit')
  if (code !== 0) process.exitCode = 1
}
