import axios from 'axios'
import { describePostsContract, headersFor } from '../helpers/posts-contract'

describePostsContract('axios', {
  base: 'https://api.posts.test',
  async send(method, url, options = {}) {
    const response = await axios.request<string>({
      method,
      url,
      headers: headersFor(options),
      data: options.json === undefined ? undefined : JSON.stringify(options.json),
      responseType: 'text',
      // Statuses are what is under test: never let axios turn them into errors.
      validateStatus: () => true,
    })
    return { status: response.status, body: response.data }
  },
})
