// Run against the Next.js app of test/remote/next-app (APP=next): its server component and route
// handler, and a server action, answered per test from the test's own resolvers.
import { HttpResponse, http } from 'mocklib'
import { expect, scopedPageTests, test } from '../fixtures.mjs'

scopedPageTests('next')

test('a server action posts the form’s text to this test’s resolver', async ({ page, remote }, testInfo) => {
  const received = []
  remote.use(
    http.post('https://api.example.test/echo', async ({ request }) => {
      const text = await request.text()
      received.push(text)
      return HttpResponse.text(`echo from worker ${testInfo.workerIndex}: ${text}`)
    }),
  )
  await page.goto('/action')
  await page.getByLabel('text').fill('ünïcode text')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.locator('#answer')).toHaveText(`echo from worker ${testInfo.workerIndex}: ünïcode text`)
  expect(received).toEqual(['ünïcode text'])
})
