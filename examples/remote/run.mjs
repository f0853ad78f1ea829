// `node examples/remote/run.mjs` (after `npm run build`): the test process's side. It starts a
// remote, starts the app with `--import mocklib/remote`, and asks the app for pages in three
// "tests" at once, each with its own forecast.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { HttpResponse, delay, http } from 'mocklib'
import { setupRemoteServer } from 'mocklib/node'

const remote = setupRemoteServer(
  http.get('https://weather.example.com/forecast', () =>
    HttpResponse.json({ city: 'Anywhere', sky: 'cloudy', celsius: 12 }),
  ),
)
await remote.listen()
console.log(`remote listening at ${remote.url}`)

const app = spawn(process.execPath, ['--import', 'mocklib/remote', new URL('./app.mjs', import.meta.url).pathname], {
  env: { ...process.env, ...remote.env() },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const port = await new Promise((resolve) => app.stdout.once('data', (data) => resolve(Number(data))))
const page = (path, headers) =>
  fetch(`http://127.0.0.1:${port}${path}`, { headers }).then((response) => response.text())

// A test: its overrides reach the app's requests made while serving this test's requests only.
const weatherTest = (city, sky, celsius) =>
  remote.boundary(async () => {
    remote.use(
      http.get('https://weather.example.com/forecast', async () => {
        await delay(20 * celsius) // the three tests overlap
        return HttpResponse.json({ city, sky, celsius })
      }),
    )
    const shown = await page('/', remote.headers())
    assert.equal(shown, `${city}: ${sky}, ${celsius} °C`)
    console.log(`test "${city}" saw   ${shown}`)
  })()

await Promise.all([weatherTest('Oslo', 'snow', 3), weatherTest('Lisbon', 'sunny', 9), weatherTest('Lima', 'mist', 6)])
const unscoped = await page('/api/forecast')
assert.equal(unscoped, 'Anywhere: cloudy, 12 °C')
console.log(`no test's header:  ${unscoped}`)

app.kill()
await remote.close()
console.log('Done.')
