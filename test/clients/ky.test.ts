import ky from 'ky'
import { describePostsContract, headersFor } from '../helpers/posts-contract'

describePostsContract('ky', {
  base: 'https://api.posts.test',
  async send(method, url, options = {}) {
    const response = await ky(url, {
      method,
      headers: headersFor(options),
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      throwHttpErrors: false,
      retry: 0,
    })
    return { status: response.status, body: await response.text() }
  },
})
