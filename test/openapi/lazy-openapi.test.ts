// mocklib/openapi and its packages (ajv, ajv-formats, yaml, the bundled json-schema-faker) load only
// when a test imports mocklib/openapi: a process mocking REST and GraphQL with mocklib and
// mocklib/node loads none of them. Runs against the built package (dist/), in processes of its own.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const HOOK = new URL('../../bench/lib/module-trace-hook.mjs', import.meta.url).href
const END = 'mocklib-trace-end'
const OPENAPI_MODULES = String.raw`[\\/]dist[\\/](openapi|json-schema-faker-)[^\\/]*\.js$|[\\/]node_modules[\\/](ajv|ajv-formats|yaml)[\\/]`

/** The OpenAPI modules a process running `body` loaded (mocklib, mocklib/node and an `api` origin set up). */
function loadedBy(body: string): Promise<string[]> {
  const script = `
    import { register } from 'node:module'
    const { port1, port2 } = new MessageChannel()
    const loaded = new Set()
    const short = (url) =>
      url.includes('/node_modules/') ? url.slice(url.indexOf('/node_modules/') + 1) : url.slice(url.lastIndexOf('/dist/') + 1)
    // The hook reports in order: once it reports the module imported last, it has reported all.
    const ended = new Promise((resolve) =>
      port1.on('message', (url) => (url.includes(${JSON.stringify(END)}) ? resolve() : loaded.add(short(url)))),
    )
    register(${JSON.stringify(HOOK)}, import.meta.url, {
      data: { port: port2, pattern: ${JSON.stringify(`${OPENAPI_MODULES}|${END}`)} },
      transferList: [port2],
    })
    const { graphql, http, HttpResponse } = await import('mocklib')
    const { setupServer } = await import('mocklib/node')
    ${body}
    await import('data:text/javascript,export default "${END}"')
    await ended
    console.log(JSON.stringify([...loaded].sort()))
    port1.close()
  `
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: root }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`))
      else resolve(JSON.parse(stdout.trim().split('\n').pop()!) as string[])
    })
  })
}

it('is not loaded by a process mocking REST and GraphQL', async () => {
  const loaded = await loadedBy(`
    const server = setupServer(
      http.get('https://api.test/pets', () => HttpResponse.json([{ id: 1 }])),
      graphql.query('Pets', () => HttpResponse.json({ data: { pets: [] } })),
    )
    server.listen({ onUnhandledRequest: 'error' })
    await (await fetch('https://api.test/pets')).json()
    await (await fetch('https://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query Pets { pets { id } }' }),
    })).json()
    server.close()
  `)
  expect(loaded).toEqual([])
})

it('is loaded, with its packages, by a process that uses fromOpenApi', async () => {
  const loaded = await loadedBy(`
    const { fromOpenApi } = await import('mocklib/openapi')
    const api = await fromOpenApi('test/openapi/fixtures/petstore-3.0.yaml', { validateRequests: 'error' })
    const server = setupServer(...api)
    server.listen({ onUnhandledRequest: 'error' })
    await (await fetch('https://petstore.test/v1/pets/1')).json()
    server.close()
  `)
  expect(loaded).toEqual(expect.arrayContaining(['dist/openapi.js', 'node_modules/ajv/dist/2020.js']))
  expect(loaded.some((url) => url.startsWith('node_modules/yaml/'))).toBe(true)
  expect(loaded.some((url) => url.startsWith('dist/json-schema-faker-'))).toBe(true)
})
