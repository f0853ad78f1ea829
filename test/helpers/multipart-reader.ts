// A minimal multipart/mixed reader for tests: yields each JSON part as soon as its bytes arrive,
// splitting on "\r\n--" + boundary the way GraphQL clients do.

/** The boundary of a multipart/mixed Content-Type ("-" when it names none). */
export function boundaryOf(contentType: string | null): string {
  const match = /boundary="?([^";]+)"?/i.exec(contentType ?? '')
  return match?.[1] ?? '-'
}

export async function* readMultipartJson(response: Response): AsyncGenerator<unknown> {
  const delimiter = `\r\n--${boundaryOf(response.headers.get('content-type'))}`
  const decoder = new TextDecoder()
  const reader = response.body!.getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) break
    buffer += decoder.decode(value, { stream: true })
    let end: number
    // A part is complete when the next delimiter has arrived.
    while ((end = buffer.indexOf(delimiter, 1)) !== -1) {
      const part = buffer.slice(0, end)
      buffer = buffer.slice(end)
      const bodyStart = part.indexOf('\r\n\r\n')
      if (bodyStart !== -1) yield JSON.parse(part.slice(bodyStart + 4))
    }
  }
  if (!buffer.endsWith(`${delimiter}--\r\n`))
    throw new Error(`the multipart body did not end with its closing delimiter: ${JSON.stringify(buffer.slice(-40))}`)
}
