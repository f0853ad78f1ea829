'use client'
// The page's own request to the app, made from the browser once the page is up.
import { useEffect, useState } from 'react'

export function Greeting() {
  const [text, setText] = useState('…')
  useEffect(() => {
    fetch('/api/greeting')
      .then((response) => response.text())
      .then(setText)
  }, [])
  return <p id="greeting">{text}</p>
}
