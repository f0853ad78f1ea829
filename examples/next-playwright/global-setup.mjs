// The hub: the remote the app asks. Its handlers answer requests that carry no test's scope.
import { HttpResponse, http } from 'mocklib'
import { startRemoteHub } from 'mocklib/playwright'

export default () =>
  startRemoteHub(http.get('https://api.example.test/user', () => HttpResponse.json({ name: 'nobody in particular' })))
