// `mocklib serve`: the handlers of a module (or a schema, or a recording) behind a real HTTP
// server, with the control API and dashboard (docs/serve.md). Exit codes: 0 after SIGINT or
// SIGTERM, 1 when the server cannot run (a module that fails, a port in use), 2 for usage errors.
import { execFileSync } from 'node:child_process'
import { watch } from 'node:fs'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { handlersOf, moduleLoader, UsageError } from './serve-module.mjs'

export const SERVE_USAGE = `Usage: mocklib serve [module] [options]

  module              a module exporting handlers (.ts .mts .js .mjs .cjs): "export default [...]"
                      or "export const handlers = [...]"; other named arrays are scenarios
  --port <n>          port to listen on (default 9090; 0 picks a free one)
  --host <address>    address to listen on (default 127.0.0.1; any other needs the token everywhere)
  --https             serve HTTPS with a self-signed certificate made now (needs openssl), or
  --cert <file> --key <file>   with this certificate and key (PEM)
  --cors              answer CORS preflights and allow every origin
  --watch             reload the module when it or its imports change; a broken edit keeps the last good handlers
  --schema <files>    answer GraphQL at /graphql from SDL files (comma-separated; a folder takes its .graphql files);
                      subscriptions get events from POST /__mocklib/publish
  --har <file>        replay a HAR recording (mocklib/record)
  --upstream <origin> send requests no handler answers to this origin
  --record <file>     with --upstream: record what it answers into a HAR file (written on exit)
  --network <link>    every request crosses this link: slow-3g, fast-3g, offline, or JSON such as
                      '{"download":100000,"upload":50000,"latency":200}' (bytes per second, ms; docs/faults.md)
  --token <token>     the control API's token (default: a random one, printed)
  --no-token          dashboard and read-only control routes without the token (loopback only)
  --quiet             do not print each request
  --help              this text

The control API and the dashboard are under /__mocklib/ (docs/control-protocol.md).`

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  https: { type: 'boolean' },
  cert: { type: 'string' },
  key: { type: 'string' },
  cors: { type: 'boolean' },
  watch: { type: 'boolean' },
  schema: { type: 'string', multiple: true },
  har: { type: 'string' },
  upstream: { type: 'string' },
  record: { type: 'string' },
  network: { type: 'string' },
  token: { type: 'string' },
  'no-token': { type: 'boolean' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
}

function usage(message) {
  console.error(`[mocklib] ${message}\nRun "mocklib serve --help" for the options.`)
  process.exit(2)
}

function failed(message) {
  // Errors from listen() carry the prefix already.
  console.error(`[mocklib] ${message.replace(/^\[mocklib\] /, '')}`)
  process.exit(1)
}

function parse(args) {
  let parsed
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    usage(error.message)
  }
  const { values, positionals } = parsed
  if (values.help) {
    console.log(SERVE_USAGE)
    process.exit(0)
  }
  if (positionals.length > 1) usage(`serve takes one module, got ${positionals.length}: ${positionals.join(', ')}.`)
  const port = values.port === undefined ? 9090 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    usage(`--port must be a number from 0 to 65535, got "${values.port}".`)
  if (positionals.length === 0 && !values.schema && !values.har && !values.upstream) {
    usage('Give a module of handlers, or --schema, --har or --upstream.')
  }
  if (values.record && !values.upstream)
    usage('--record needs --upstream <origin>: it records what the upstream answers.')
  if ((values.cert === undefined) !== (values.key === undefined)) usage('--cert and --key go together.')
  return { values, module: positionals[0], port, network: networkLink(values.network) }
}

/** --network: a preset's name, or conditions as JSON (listen() checks either). */
function networkLink(value) {
  if (value === undefined || !value.trimStart().startsWith('{')) return value
  try {
    return JSON.parse(value)
  } catch (error) {
    usage(`--network ${value} is not valid JSON (${error.message}).`)
  }
}

function httpsPair(values) {
  if (values.cert) return { cert: readFileSync(values.cert), key: readFileSync(values.key) }
  if (!values.https) return undefined
  const dir = mkdtempSync(join(tmpdir(), 'mocklib-serve-'))
  const key = join(dir, 'key.pem')
  const cert = join(dir, 'cert.pem')
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '30',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      ],
      { stdio: 'ignore' },
    )
  } catch (error) {
    failed(
      `--https could not make a self-signed certificate with openssl (${error.message}). Install openssl, or give --cert and --key.`,
    )
  }
  console.log(`  certificate:   ${cert} (self-signed: trust it in your client, e.g. curl --cacert)`)
  return { cert: readFileSync(cert), key: readFileSync(key) }
}

function harOrigin(file) {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')).log?.entries?.[0]
    return entry ? new URL(entry.request.url).origin : undefined
  } catch (error) {
    failed(`--har ${file} cannot be read as a HAR file: ${error.message}`)
  }
}

export async function serve(args, { version }) {
  const { values, module, port, network } = parse(args)
  const cwd = process.cwd()
  const { createMockServer } = await import('../dist/node.js')
  const extra = []
  let recorder
  let executor
  if (values.schema) {
    const { createSchemaExecutor } = await import('../dist/schema.js')
    const files = values.schema.flatMap((item) => item.split(',')).map((file) => resolve(cwd, file))
    executor = createSchemaExecutor({ schemaFiles: files })
    extra.push(executor.handler('/graphql'))
  }
  if (values.har || values.record) {
    const { createRecorder } = await import('../dist/record.js')
    recorder = values.har
      ? createRecorder({ file: resolve(cwd, values.har), mode: 'replay' })
      : createRecorder({ file: resolve(cwd, values.record), mode: 'record' })
    extra.push(recorder.handler)
  }

  let load
  let loaded = { handlers: [], scenarios: {}, files: [] }
  if (module !== undefined) {
    const file = resolve(cwd, module)
    try {
      load = await moduleLoader(file)
      const { namespace, files } = await load()
      loaded = { ...handlersOf(namespace, relative(cwd, file)), files }
    } catch (error) {
      if (error instanceof UsageError) usage(error.message)
      failed(`${relative(cwd, file)} failed to load: ${error.stack ?? error}`)
    }
  }

  const server = createMockServer(...loaded.handlers, ...extra)
  try {
    await server.listen({
      port,
      host: values.host,
      https: httpsPair(values),
      token: values.token,
      openReads: values['no-token'],
      cors: values.cors,
      upstream: values.upstream,
      origin: values.har ? harOrigin(resolve(cwd, values.har)) : undefined,
      scenarios: loaded.scenarios,
      executor,
      version,
      onAnswered: values.quiet ? undefined : printRequest,
      network,
    })
  } catch (error) {
    failed(error.message)
  }
  const scenarioNames = Object.keys(loaded.scenarios)
  console.log(
    `mocklib serve: ${server.url} (${loaded.handlers.length + extra.length} handlers${scenarioNames.length ? `; scenarios: ${scenarioNames.join(', ')}` : ''})`,
  )
  console.log(`  control token: ${server.token}`)
  console.log(`  dashboard:     ${server.dashboardUrl}`)

  if (values.watch && load !== undefined)
    watchModule(server, load, loaded.files, extra, relative(cwd, resolve(cwd, module)))

  const stop = async () => {
    await server.close()
    if (values.record) {
      await recorder.save()
      console.log(`mocklib serve: recorded into ${values.record}`)
    }
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

function printRequest({ method, url, status, handler, ms }) {
  const path = new URL(url)
  const by = handler === undefined ? '' : ` by ${handler}`
  console.log(
    `${method} ${path.pathname}${path.search} → ${status === 0 ? 'network error' : status}${by} (${ms.toFixed(1)} ms)`,
  )
}

/** Reloads on change; the server keeps its connections and, on a broken edit, its handlers. */
function watchModule(server, load, files, extra, name) {
  let watchers = []
  let timer
  const reload = async () => {
    try {
      const { namespace, files: next } = await load()
      const { handlers, scenarios } = handlersOf(namespace, name)
      server.replaceHandlers([...handlers, ...extra], scenarios)
      console.log(`mocklib serve: reloaded ${name} (${handlers.length} handlers)`)
      follow(next)
    } catch (error) {
      console.error(`[mocklib] ${name} failed to reload; the last good handlers stay:\n${error.stack ?? error}`)
    }
  }
  const follow = (list) => {
    for (const watcher of watchers) watcher.close()
    // Editors often replace a file (rename): each change re-reads the list of files.
    watchers = list.map((file) =>
      watch(file, () => {
        clearTimeout(timer)
        timer = setTimeout(reload, 50)
      }),
    )
  }
  follow(files)
}
