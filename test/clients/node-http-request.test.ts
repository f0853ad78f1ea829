import http from 'node:http'
import { describePostsContract } from '../helpers/posts-contract'
import { sendWithNodeRequest } from '../helpers/node-request'

describePostsContract('http.request', {
  base: 'http://api.posts.test',
  send: (method, url, options) => sendWithNodeRequest(http.request, method, url, options),
})
