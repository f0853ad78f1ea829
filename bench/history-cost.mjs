#!/usr/bin/env node
// What recording the history costs, measured in one process so that load on a shared machine
// hits both sides alike: three servers with the same handler (history off, { limit: 1 }, and the
// default 100) listen in turn, rounds of sequential mocked fetches each, the order rotated every
// round; prints the medians of CPU time per request and of the per-round ratios to history off.
//
//   node bench/history-cost.mjs [rest|graphql] [--rounds 30] [--units 1500] [--dist dir]
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { GRAPHQL_TEXT, JSON_HEADERS, ORIGIN, POST, graphqlBody } from './lib/fixtures.mjs'
import { option } from './lib/options.mjs'
import { median } from './lib/stats.mjs'

const kind = process.argv[2] === 'graphql' ? 'graphql' : 'rest'
const rounds = Number(option('--rounds', '30'))
const units = Number(option('--units', '1500'))
const dist = resolve(option('--dist', 'dist'))
const lib = await import(pathToFileURL(`${dist}/index.js`).href)
const { setupServer } = await import(pathToFileURL(`${dist}/node.js`).href)

const handler = () =>
  kind === 'rest'
    ? lib.http.get(`${ORIGIN}/posts/:id`, () => lib.HttpResponse.json(POST))
    : lib.graphql.query('BenchQuery', () => lib.HttpResponse.json(JSON.parse(GRAPHQL_TEXT)))
const url = kind === 'rest' ? `${ORIGIN}/posts/1` : `${ORIGIN}/graphql`
const init = kind === 'rest' ? undefined : { method: 'POST', headers: JSON_HEADERS, body: graphqlBody('BenchQuery') }
const modes = { off: false, limit1: { limit: 1 }, on: true }
const servers = Object.fromEntries(Object.keys(modes).map((mode) => [mode, setupServer(handler())]))

/** CPU µs per request of `count` sequential fetches with `mode`'s server listening. */
async function round(mode, count) {
  servers[mode].listen({ history: modes[mode], onUnhandledRequest: 'error' })
  const start = process.cpuUsage()
  for (let index = 0; index < count; index++) await (await fetch(url, init)).text()
  const used = process.cpuUsage(start)
  servers[mode].close()
  return (used.user + used.system) / count
}

for (let turn = 0; turn < 3; turn++) for (const mode of Object.keys(modes)) await round(mode, 1000)
const perRequest = { off: [], limit1: [], on: [] }
const ratios = { limit1: [], on: [] }
for (let index = 0; index < rounds; index++) {
  const order = Object.keys(modes)
  for (let shift = 0; shift < index % order.length; shift++) order.push(order.shift())
  const took = {}
  for (const mode of order) took[mode] = await round(mode, units)
  for (const mode of Object.keys(modes)) perRequest[mode].push(took[mode])
  ratios.limit1.push(took.limit1 / took.off)
  ratios.on.push(took.on / took.off)
}
const us = (values) => `${median(values).toFixed(1)} µs`
console.log(
  `${kind}: off ${us(perRequest.off)}, limit 1 ${us(perRequest.limit1)}, on ${us(perRequest.on)}; ` +
    `limit 1 ÷ off ${median(ratios.limit1).toFixed(3)}×, on ÷ off ${median(ratios.on).toFixed(3)}×`,
)
