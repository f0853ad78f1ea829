#!/usr/bin/env node
// Runs one scenario for one contender long enough to profile it:
//   node --cpu-prof --cpu-prof-dir=bench/results bench/profile.mjs rest-fetch-1000-last [mocklib] [--ms 3000] [--dist dir]
// then summarise with: node bench/lib/top-functions.mjs bench/results/<file>.cpuprofile
import { resolve } from 'node:path'
import { loadContender } from './lib/contenders.mjs'
import { SCENARIOS } from './lib/scenarios.mjs'

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const [scenarioId, contender = 'mocklib'] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'))
const ms = Number(option('--ms', 3000))
const dist = resolve(option('--dist', 'dist'))

const scenario = SCENARIOS.find((s) => s.id === scenarioId)
if (!scenario) throw new Error(`No scenario "${scenarioId}"; one of: ${SCENARIOS.map((s) => s.id).join(', ')}`)
const setup = await scenario.setup(await loadContender(contender, dist))
if (setup.skipped) throw new Error(setup.skipped)
const step = setup.step ?? 1
const started = process.cpuUsage()
let units = 0
while ((process.cpuUsage(started).user + process.cpuUsage(started).system) / 1000 < ms) {
  await setup.run(step * 10)
  units += step * 10
}
const used = process.cpuUsage(started)
console.log(`${scenarioId} / ${contender}: ${units} units, ${((used.user + used.system) / units).toFixed(1)} µs CPU per unit`)
await setup.teardown()
