// Tests overriding the same endpoints with their own data, while the other worker's tests do too.
import { HttpResponse, delay, graphql, http } from 'mocklib'
import { expect, test } from './fixtures.mjs'

for (const name of ['Ada', 'Grace', 'Katherine', 'Margaret']) {
  test(`the page shows ${name}, the user of this test`, async ({ page, remote }) => {
    remote.use(
      http.get('https://api.example.test/user', async () => {
        await delay(50) // renders of different tests overlap
        return HttpResponse.json({ name })
      }),
      http.get('https://api.example.test/greeting', () => HttpResponse.text(`hello, ${name}`)),
    )
    await page.goto('/')
    // Fetched by the server component while rendering.
    await expect(page.locator('#name')).toHaveText(name)
    // Fetched by the route handler the page calls from the browser.
    await expect(page.locator('#greeting')).toHaveText(`hello, ${name}`)
  })
}

test('the GraphQL query a server component makes is answered by this test', async ({ page, remote }) => {
  remote.use(
    graphql.query('Viewer', () =>
      HttpResponse.json({ data: { viewer: { name: 'Barbara', repositories: [{ name: 'clu' }] } } }),
    ),
  )
  await page.goto('/graphql')
  await expect(page.locator('#viewer')).toHaveText('Barbara')
  await expect(page.getByRole('listitem')).toHaveText(['clu'])
})
