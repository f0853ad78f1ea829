'use client'
// The form whose submission runs the server action; the action's result is shown below it.
import { useActionState } from 'react'
import { send } from './actions'

export function EchoForm() {
  const [answer, action] = useActionState(send, '')
  return (
    <form action={action}>
      <input name="text" aria-label="text" />
      <button type="submit">Send</button>
      <p id="answer">{answer}</p>
    </form>
  )
}
