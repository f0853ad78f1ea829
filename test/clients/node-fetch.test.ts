import nodeFetch from 'node-fetch'
import { describePostsContract, headersFor } from '../helpers/posts-contract'

describePostsContract('node-fetch', {
  base: 'https://api.posts.test',
  async send(method, url, options = {}) {
    const response = await nodeFetch(url, {
      method,
      headers: headersFor(options),
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    })
    return { status: response.status, body: await response.text() }
  },
})
