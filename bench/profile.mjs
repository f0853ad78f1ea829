#!/usr/bin/env node
// Runs one scenario for one contender, warms it up, then profiles it (steady state only):
//   node bench/profile.mjs rest-fetch-1000-last [mocklib] [--ms 3000] [--warmup 2000] [--dist dir] [--out file]
// writes bench/results/<scenario>-<contender>.cpuprofile; summarise it with
//   node bench/lib/top-functions.mjs <file>   or   node bench/lib/compare-profiles.mjs a n b m
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { resolve } from 'node:path'
import { loadContender } from './lib/contenders.mjs'
import { SCENARIOS } from './lib/scenarios.mjs'
import { cpuMs } from './lib/cpu-time.mjs'
import { option } from './lib/options.mjs'

const args = process.argv.slice(2)
const [scenarioId, contender = 'mocklib'] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'))
const ms = Number(option('--ms', 3000))
const warmupMs = Number(option('--warmup', 2000))
const dist = resolve(option('--dist', 'dist'))

const scenario = SCENARIOS.find((s) => s.id === scenarioId)
if (!scenario) throw new Error(`No scenario "${scenarioId}"; one of: ${SCENARIOS.map((s) => s.id).join(', ')}`)
const setup = await scenario.setup(await loadContender(contender, dist))
if (setup.skipped) throw new Error(setup.skipped)
const step = setup.step ?? 1

async function loop(limitMs) {
  const started = process.cpuUsage()
  let units = 0
  while (cpuMs(started) < limitMs) {
    await setup.run(step * 10)
    units += step * 10
  }
  return { units, perUnitUs: (cpuMs(started) * 1000) / units }
}

await loop(warmupMs)
const session = new Session()
session.connect()
await session.post('Profiler.enable')
await session.post('Profiler.start')
const { units, perUnitUs } = await loop(ms)
const { profile } = await session.post('Profiler.stop')
const out = option('--out', `bench/results/${scenarioId}-${contender}.cpuprofile`)
writeFileSync(out, JSON.stringify(profile))
console.log(`${scenarioId} / ${contender}: ${units} units, ${perUnitUs.toFixed(1)} µs CPU per unit (profiled); ${out}`)
await setup.teardown()
