// The remote's handler list works as setupServer()'s does, seen from the app's requests:
// listHandlers() shows what use() prepended, restoreHandlers() makes a spent `once` answer again,
// resetHandlers() goes back to the initial handlers.
import { HttpResponse, http } from 'mocklib'
import { expect, it } from 'vitest'
import { remoteInProcess } from './remote-in-process'

const GREETING = 'https://api.example.test/greeting'
const initial = http.get(GREETING, () => HttpResponse.text('initial'))
const { remote } = remoteInProcess([initial])

const greeting = async () => (await fetch(GREETING)).text()

it('use(), listHandlers(), restoreHandlers() and resetHandlers() decide what the app gets', async () => {
  const once = http.get(GREETING, () => HttpResponse.text('once'), { once: true })
  remote.use(once)
  expect(remote.listHandlers()).toEqual([once, initial])
  expect([await greeting(), await greeting()]).toEqual(['once', 'initial'])
  remote.restoreHandlers()
  expect(await greeting()).toBe('once')
  remote.use(http.get(GREETING, () => HttpResponse.text('override')))
  expect(await greeting()).toBe('override')
  remote.resetHandlers()
  expect(remote.listHandlers()).toEqual([initial])
  expect(await greeting()).toBe('initial')
})
