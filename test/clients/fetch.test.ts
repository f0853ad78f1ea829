import { describePostsContract, headersFor } from '../helpers/posts-contract'

describePostsContract('global fetch', {
  base: 'https://api.posts.test',
  async send(method, url, options = {}) {
    const response = await fetch(url, {
      method,
      headers: headersFor(options),
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    })
    return { status: response.status, body: await response.text() }
  },
})
