// `npm run demo`: a small app whose real HTTP calls are answered by mocklib.
// Each part of the demo is a module with a `run()` export: rest.mjs, then graphql.mjs, defer.mjs, stream.mjs, socket.mjs and subscription.mjs when present.
import { existsSync } from 'node:fs'

// `npm run demo -- --record` / `-- --replay` runs record.mjs instead: the app's traffic recorded, then replayed.
const recordFlag = process.argv.slice(2).find((arg) => arg === '--record' || arg === '--replay')
if (recordFlag !== undefined) {
  const { run } = await import('./record.mjs')
  await run(recordFlag.slice(2))
  process.exit(0)
}

console.log(
  'mocklib demo: app code calls fetch; mocklib answers. → is a request, ← what came back, = what the app got.\n',
)

const halves = [
  './rest.mjs',
  './graphql.mjs',
  './defer.mjs',
  './stream.mjs',
  './socket.mjs',
  './subscription.mjs',
].filter((file) => existsSync(new URL(file, import.meta.url)))
for (const file of halves) {
  const { run } = await import(file)
  await run()
  console.log('')
}
console.log(`Done: ${halves.length} part(s) of the demo ran.`)
