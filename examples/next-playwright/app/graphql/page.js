// A GraphQL query made with plain fetch while the server component renders.
import { connection } from 'next/server'

const QUERY = 'query Viewer { viewer { name repositories { name } } }'

export default async function Page() {
  await connection()
  const response = await fetch('https://api.example.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: QUERY, operationName: 'Viewer' }),
  })
  const { data, errors } = await response.json()
  if (errors) return <pre id="errors">{JSON.stringify(errors)}</pre>
  return (
    <>
      <h1 id="viewer">{data.viewer.name}</h1>
      <ul>
        {data.viewer.repositories.map((repository) => (
          <li key={repository.name}>{repository.name}</li>
        ))}
      </ul>
    </>
  )
}
