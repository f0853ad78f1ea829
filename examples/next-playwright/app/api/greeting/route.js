// A route handler the page calls from the browser: its own fetch answers with the API's greeting.
export async function GET() {
  return new Response(await (await fetch('https://api.example.test/greeting')).text())
}
