// A route handler that answers with what the API says.
export async function GET() {
  const user = await (await fetch('https://api.example.test/user')).json()
  return Response.json({ from: 'route', name: user.name })
}
