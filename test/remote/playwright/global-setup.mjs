import { HttpResponse, http } from 'mocklib'
import { startRemoteHub } from 'mocklib/playwright'

// Requests that carry no test's scope get the hub's handlers.
export default () =>
  startRemoteHub(http.get('https://api.example.test/user', () => HttpResponse.json({ name: 'nobody in particular' })))
