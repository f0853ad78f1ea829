// The application: a small client for the posts API (SPEC.md section 4.1). It knows nothing
// about mocklib; it calls a real base URL with fetch, as production code would.
export function createPostsClient(baseUrl, { session } = {}) {
  const headers = session === undefined ? {} : { cookie: `session=${session}` }

  async function call(method, path, body) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, data: text === '' ? null : JSON.parse(text) }
  }

  return {
    listPosts: () => call('GET', '/posts'),
    createPost: (post) => call('POST', '/posts', post),
    deletePost: (id) => call('DELETE', `/posts/${encodeURIComponent(id)}`),
    getUser: () => call('GET', '/user'),
  }
}
