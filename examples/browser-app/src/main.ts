import type { Post } from './mocks/handlers'

/** Mocks load only in development, and the app waits for them before its first request. */
async function enableMocking(): Promise<boolean> {
  if (!import.meta.env.DEV) return false
  const { worker } = await import('./mocks/browser')
  await worker.start({ onUnhandledRequest: 'bypass' })
  return true
}

const list = document.querySelector<HTMLUListElement>('#posts')!
const form = document.querySelector<HTMLFormElement>('#new-post')!

async function renderPosts(): Promise<void> {
  const response = await fetch('/api/posts')
  if (!response.ok) {
    list.innerHTML = `<li class="error">GET /api/posts answered ${response.status}</li>`
    return
  }
  const posts = (await response.json()) as Post[]
  list.replaceChildren(
    ...posts.map((post) => {
      const item = document.createElement('li')
      item.dataset.id = post.id
      const title = document.createElement('span')
      title.className = 'title'
      title.textContent = post.title
      const remove = document.createElement('button')
      remove.textContent = 'Delete'
      remove.addEventListener('click', async () => {
        await fetch(`/api/posts/${post.id}`, { method: 'DELETE' })
        await renderPosts()
      })
      item.append(title, remove)
      return item
    }),
  )
}

async function renderUser(): Promise<void> {
  await fetch('/api/login', { method: 'POST' })
  const response = await fetch('/api/user')
  const user = document.querySelector('#user')!
  user.textContent = response.ok
    ? `Signed in as ${((await response.json()) as { name: string }).name}`
    : 'Not signed in'
}

form.addEventListener('submit', async (event) => {
  event.preventDefault()
  const input = form.elements.namedItem('title') as HTMLInputElement
  await fetch('/api/posts', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: input.value }),
  })
  input.value = ''
  await renderPosts()
})

const mocked = await enableMocking()
document.querySelector('#source')!.textContent = mocked ? 'mocked API' : 'real API'
await Promise.all([renderPosts(), renderUser()])
document.body.dataset.ready = 'true'
