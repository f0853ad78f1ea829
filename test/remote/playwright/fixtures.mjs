import { HttpResponse, delay, http } from 'mocklib'
import { remoteFixtures } from 'mocklib/playwright'
import { expect, test as base } from 'playwright/test'

export { expect }

export const test = base.extend(
  remoteFixtures(
    http.get('https://api.example.test/user', () => HttpResponse.json({ name: 'the worker default' })),
    http.get('https://api.example.test/greeting', () => HttpResponse.text('hello from the worker')),
  ),
)

/** Three tests that override the same endpoints with their own data, while other workers' tests do too. */
export function scopedPageTests(label) {
  for (const n of [1, 2, 3]) {
    test(`${label}, test ${n}`, async ({ page, remote }, testInfo) => {
      const name = `${label}-${n} in worker ${testInfo.workerIndex}`
      remote.use(
        http.get('https://api.example.test/user', async () => {
          await delay(50)
          return HttpResponse.json({ name })
        }),
        http.get('https://api.example.test/greeting', () => HttpResponse.text(`hello, ${name}`)),
      )
      await page.goto('/')
      await expect(page.locator('#name')).toHaveText(name)
      await expect(page.locator('#greeting')).toHaveText(`hello, ${name}`)
    })
  }
}
