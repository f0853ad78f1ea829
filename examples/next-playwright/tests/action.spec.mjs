// A server action runs in the app when the form is submitted: its fetch is answered by this test.
import { HttpResponse, http } from 'mocklib'
import { expect, test } from './fixtures.mjs'

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
