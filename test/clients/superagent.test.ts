import superagent from 'superagent'
import { describePostsContract, headersFor } from '../helpers/posts-contract'

describePostsContract('superagent', {
  base: 'https://api.posts.test',
  async send(method, url, options = {}) {
    const request = superagent(method, url)
      .set(headersFor(options))
      // Statuses are what is under test: never let superagent turn them into errors.
      .ok(() => true)
      .buffer(true)
      .parse((response, done) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => done(null, text))
      })
    const response = options.json === undefined ? await request : await request.send(JSON.stringify(options.json))
    return { status: response.status, body: response.body as string }
  },
})
