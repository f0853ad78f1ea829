import got from 'got'
import { describePostsContract, headersFor } from '../helpers/posts-contract'

describePostsContract('got', {
  base: 'https://api.posts.test',
  async send(method, url, options = {}) {
    const response = await got(url, {
      method,
      headers: headersFor(options),
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      throwHttpErrors: false,
      retry: { limit: 0 },
    })
    return { status: response.statusCode, body: response.body }
  },
})
