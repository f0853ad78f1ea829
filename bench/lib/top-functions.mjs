// Prints the functions with the most self time (and their location) from a .cpuprofile.
import { readFileSync } from 'node:fs'

const [file, limitArg = '30'] = process.argv.slice(2)
const profile = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const self = new Map()
const deltas = profile.timeDeltas
profile.samples.forEach((id, index) => {
  const node = byId.get(id)
  const frame = node.callFrame
  const key = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/main\//, '')}:${frame.lineNumber + 1}`
  self.set(key, (self.get(key) ?? 0) + (deltas[index] ?? 0))
})
const total = [...self.values()].reduce((a, b) => a + b, 0)
for (const [key, micros] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(limitArg))) {
  console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${key}`)
}
