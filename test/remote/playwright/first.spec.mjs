import { HttpResponse, http } from 'mocklib'
import { expect, scopedPageTests, test } from './fixtures.mjs'

scopedPageTests('first file')

test('a request the page posts reaches the test’s resolver with its body', async ({ page, remote }) => {
  remote.use(
    http.post('https://api.example.test/echo', async ({ request }) =>
      HttpResponse.text('echo: ' + (await request.text())),
    ),
  )
  await page.goto('/')
  const answer = await page.evaluate(() =>
    fetch('/api/echo', { method: 'POST', body: 'ünïcode body' }).then((r) => r.text()),
  )
  expect(answer).toBe('echo: ünïcode body')
})

test('a request without the test’s header gets the hub’s handlers', async ({ baseURL }) => {
  // The worker's own fetch carries no scope header: the app renders what the hub answers.
  const html = await (await fetch(`${baseURL}/`)).text()
  expect(html).toContain('nobody in particular')
})
