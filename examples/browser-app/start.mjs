#!/usr/bin/env node
// Starts the example: copies mocklib's worker script into public/ (what `npx mocklib init public`
// does in an app), then serves the app with Vite. Open the printed URL; PORT=xxxx to change it.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))

/** Starts the dev server; resolves with its URL and a close() function. */
export async function startExampleApp({ port = 5173, quiet = false } = {}) {
  execFileSync(process.execPath, [here('../../bin/mocklib.mjs'), 'init', here('./public')], {
    stdio: quiet ? 'ignore' : 'inherit',
  })
  const server = await createServer({
    configFile: here('./vite.config.mjs'),
    server: { port, strictPort: true },
  })
  await server.listen()
  const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`
  return { url, close: () => server.close() }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startExampleApp({ port: Number(process.env.PORT ?? 5173) })
  console.log(`mocklib browser example: open ${url} (Ctrl+C to stop)`)
}
