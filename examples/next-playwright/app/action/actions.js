'use server'
// A server action: runs in the app when the form is submitted, and posts the text to the API.

export async function send(previous, form) {
  const answer = await fetch('https://api.example.test/echo', { method: 'POST', body: form.get('text') })
  return answer.text()
}
