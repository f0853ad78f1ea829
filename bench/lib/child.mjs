// One contender in one scenario, in its own process (so patches and JIT state never mix).
// The parent tells it when to run a round; it answers with the CPU time the round took.
import { loadContender } from './contenders.mjs'
import { SCENARIOS } from './scenarios.mjs'

const [scenarioId, contender, dist, warmupUnitsArg, warmupCapArg] = process.argv.slice(2)
const warmupUnits = Number(warmupUnitsArg)
const warmupCapMs = Number(warmupCapArg)

function cpuMicros(since) {
  const used = process.cpuUsage(since)
  return used.user + used.system
}

/** Runs `count` units and measures them. */
async function measure(run, count) {
  const cpuStart = process.cpuUsage()
  const wallStart = process.hrtime.bigint()
  await run(count)
  const wallUs = Number(process.hrtime.bigint() - wallStart) / 1000
  return { units: count, cpuUs: cpuMicros(cpuStart), wallUs }
}

async function main() {
  const scenario = SCENARIOS.find((s) => s.id === scenarioId)
  const lib = await loadContender(contender, dist)
  const setup = lib.skipped ? { skipped: lib.skipped } : await scenario.setup(lib)
  if (setup.skipped) {
    process.send({ type: 'skipped', reason: setup.skipped })
    return
  }
  const step = setup.step ?? 1

  // Warm up: the JIT needs a few thousand calls before a contender runs at its steady state.
  // Stop after warmupUnits units, or once warmupCapMs of CPU is spent (slow contenders).
  let count = step
  let spent = 0
  let units = 0
  let last
  while (units < warmupUnits && spent < warmupCapMs * 1000) {
    last = await measure(setup.run, count)
    spent += last.cpuUs
    units += last.units
    count = Math.min(count * 2, step * 200)
  }
  // The cost of one unit now: from the last, warmest batch.
  const perUnit = last.cpuUs / last.units

  process.send({ type: 'ready', perUnitUs: perUnit })
  process.on('message', async (message) => {
    try {
      if (message.type === 'round') {
        const want = Math.max(1, Math.round((message.targetMs * 1000) / perUnit / step)) * step
        process.send({ type: 'result', ...(await measure(setup.run, want)) })
      } else if (message.type === 'exit') {
        await setup.teardown()
        process.disconnect()
      }
    } catch (error) {
      fail(error)
    }
  })
}

function fail(error) {
  process.send?.({ type: 'error', message: error?.stack ?? String(error) })
  process.exitCode = 1
  process.disconnect?.()
}

main().catch(fail)
