// A server component that fetches while rendering, on every request (connection() keeps the
// page out of the build's prerendering: the API is the test's, reachable only at run time), and
// a client component that asks the app's /api/greeting from the browser.
import { connection } from 'next/server'
import { Greeting } from './greeting'

export default async function Page() {
  await connection()
  const user = await (await fetch('https://api.example.test/user')).json()
  return (
    <>
      <h1 id="name">{user.name}</h1>
      <Greeting />
    </>
  )
}
