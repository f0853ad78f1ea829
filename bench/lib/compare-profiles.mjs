// Compares two .cpuprofile files function by function, in µs of self time per unit:
//   node bench/lib/compare-profiles.mjs a.cpuprofile unitsA b.cpuprofile unitsB [limit]
import { readFileSync } from 'node:fs'

function selfTimes(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'))
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map()
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id).callFrame
    const where = frame.url
      .replace(/^.*node_modules\//, '')
      .replace(/^file:\/\/\/work\/main\//, '')
      .replace(/-[\w-]{8}\.js$/, '.js')
    const key = `${frame.functionName || '(anonymous)'} ${where}`
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0))
  })
  return self
}

const [fileA, unitsA, fileB, unitsB, limit = '40'] = process.argv.slice(2)
const a = selfTimes(fileA)
const b = selfTimes(fileB)
const rows = [...new Set([...a.keys(), ...b.keys()])].map((key) => {
  const x = (a.get(key) ?? 0) / Number(unitsA)
  const y = (b.get(key) ?? 0) / Number(unitsB)
  return { key, x, y, d: x - y }
})
const total = (m, u) => [...m.values()].reduce((s, v) => s + v, 0) / Number(u)
console.log(`total µs/unit: A ${total(a, unitsA).toFixed(1)}  B ${total(b, unitsB).toFixed(1)}`)
for (const row of rows.sort((p, q) => Math.abs(q.d) - Math.abs(p.d)).slice(0, Number(limit))) {
  console.log(
    `${row.x.toFixed(2).padStart(8)} ${row.y.toFixed(2).padStart(8)} ${row.d.toFixed(2).padStart(8)}  ${row.key}`,
  )
}
