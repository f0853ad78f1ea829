import https from 'node:https'
import { describePostsContract } from '../helpers/posts-contract'
import { sendWithNodeRequest } from '../helpers/node-request'

describePostsContract('https.request', {
  base: 'https://api.posts.test',
  send: (method, url, options) => sendWithNodeRequest(https.request, method, url, options),
})
