// The dashboard at GET /__mocklib/: one static page, no build step, no dependency. It reads the
// token from its URL fragment (browsers never send the fragment) and talks to the control API
// with it: live requests from GET /__mocklib/events (fetch and a body reader, since EventSource
// cannot send headers), details, frames, handler switches, scenarios and the HAR download.

const style = `
:root { color-scheme: light dark; --bg: #0f1115; --panel: #171a21; --line: #262b36; --text: #e6e9ef; --dim: #8b93a7;
  --accent: #7aa2f7; --ok: #9ece6a; --warn: #e0af68; --bad: #f7768e; font: 14px/1.45 system-ui, sans-serif; }
@media (prefers-color-scheme: light) { :root { --bg: #f6f7fb; --panel: #fff; --line: #e3e6ee; --text: #1d2230; --dim: #667085;
  --accent: #3557d4; --ok: #237a3b; --warn: #9a6400; --bad: #c3283f; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); display: grid; grid-template-rows: auto 1fr; height: 100vh; }
header { display: flex; gap: 16px; align-items: center; padding: 10px 16px; border-bottom: 1px solid var(--line); background: var(--panel); }
header h1 { font-size: 16px; margin: 0; letter-spacing: .02em; }
header .status { color: var(--dim); margin-right: auto; }
main { display: grid; grid-template-columns: minmax(320px, 1.2fr) minmax(320px, 1fr) 300px; min-height: 0; }
section { border-right: 1px solid var(--line); overflow: auto; min-height: 0; }
section h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .08em; color: var(--dim); margin: 0; padding: 10px 14px;
  position: sticky; top: 0; background: var(--bg); border-bottom: 1px solid var(--line); }
ol { list-style: none; margin: 0; padding: 0; }
.request { width: 100%; display: grid; grid-template-columns: 56px 1fr auto auto; gap: 8px; align-items: baseline; text-align: left;
  padding: 7px 14px; border: 0; border-bottom: 1px solid var(--line); background: none; color: inherit; font: inherit; cursor: pointer; }
.request:hover, .request[aria-selected="true"] { background: var(--panel); }
.request:focus-visible, button:focus-visible, select:focus-visible, input:focus-visible { outline: 2px solid var(--accent); outline-offset: -2px; }
.method { font-weight: 600; font-size: 12px; color: var(--accent); }
.target { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.target small { color: var(--dim); display: block; }
.code { font-variant-numeric: tabular-nums; font-weight: 600; }
.code.ok { color: var(--ok); } .code.warn { color: var(--warn); } .code.bad { color: var(--bad); }
.ms { color: var(--dim); font-size: 12px; font-variant-numeric: tabular-nums; }
#details { padding: 14px; }
#details .title { font-size: 14px; text-transform: none; letter-spacing: 0; color: var(--text); position: static; padding: 0 0 6px;
  word-break: break-all; }
#details h3 { font-size: 13px; margin: 16px 0 6px; color: var(--dim); }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px; margin: 0; overflow: auto;
  font: 12px/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; word-break: break-word; }
.empty { color: var(--dim); padding: 14px; }
.handler { display: flex; gap: 10px; align-items: center; padding: 8px 14px; border-bottom: 1px solid var(--line); }
.handler label { display: flex; gap: 10px; align-items: center; flex: 1; cursor: pointer; overflow: hidden; }
.handler span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.handler small { color: var(--dim); margin-left: auto; font-variant-numeric: tabular-nums; }
.handler.off span { color: var(--dim); text-decoration: line-through; }
.tag { font-size: 11px; border: 1px solid var(--line); border-radius: 10px; padding: 0 6px; color: var(--dim); }
button.action, a.action, select { font: inherit; color: var(--text); background: var(--bg); border: 1px solid var(--line);
  border-radius: 6px; padding: 5px 10px; cursor: pointer; text-decoration: none; }
.scenario { padding: 10px 14px; display: flex; gap: 8px; align-items: center; border-bottom: 1px solid var(--line); }
.scenario select { flex: 1; }
#auth { padding: 24px; max-width: 560px; }
`

const script = `
const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? ''
const headers = token ? { authorization: 'Bearer ' + token } : {}
const $ = (selector) => document.querySelector(selector)
const requests = new Map()
let selected

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props)
  for (const child of children) if (child != null && child !== false) node.append(child)
  return node
}

async function api(method, path, body) {
  const init = { method, headers: { ...headers } }
  if (body !== undefined) { init.body = JSON.stringify(body); init.headers['content-type'] = 'application/json' }
  const response = await fetch('/__mocklib/' + path, init)
  const data = await response.json()
  if (!response.ok) throw new Error(data.detail ?? response.statusText)
  return data
}

function statusClass(status) { return status === 0 ? 'bad' : status < 400 ? 'ok' : status < 500 ? 'warn' : 'bad' }

function renderRequest(record) {
  const path = (() => { const url = new URL(record.url); return url.pathname + url.search })()
  const title = record.operationName ? record.operationName : path
  const sub = record.operationName ? path : (record.handler ?? record.reason ?? '')
  const code = record.status === 0 ? (record.reason === 'network-error' ? 'ERR' : '…') : String(record.status)
  const button = el('button', { className: 'request', role: 'option', id: 'request-' + record.id },
    el('span', { className: 'method', textContent: record.method }),
    el('span', { className: 'target' }, title, el('small', { textContent: sub })),
    el('span', { className: 'code ' + statusClass(record.status), textContent: code }),
    el('span', { className: 'ms', textContent: record.durationMs ? record.durationMs.toFixed(1) + ' ms' : '' }))
  button.setAttribute('aria-selected', String(selected === record.id))
  button.addEventListener('click', () => select(record.id))
  return el('li', {}, button)
}

function upsert(record) {
  requests.set(record.id, record)
  const existing = document.getElementById('request-' + record.id)
  const item = renderRequest(record)
  if (existing) existing.parentElement.replaceWith(item)
  else $('#requests').prepend(item)
  $('#requests-empty').hidden = true
  if (selected === record.id) select(record.id)
}

function pretty(body) {
  if (!body) return '(empty)'
  if (body.encoding === 'base64') return '(binary, ' + Math.round(body.text.length * 3 / 4) + ' bytes, base64)'
  try { return JSON.stringify(JSON.parse(body.text), null, 2) + (body.truncated ? '\\n…' : '') } catch { return body.text }
}

function headerText(pairs) { return pairs.map(([name, value]) => name + ': ' + value).join('\\n') || '(none)' }

async function select(id) {
  selected = id
  for (const node of document.querySelectorAll('.request')) node.setAttribute('aria-selected', String(node.id === 'request-' + id))
  const details = await api('GET', 'requests/' + encodeURIComponent(id))
  const box = $('#details')
  box.replaceChildren(
    el('h2', { className: 'title', textContent: details.method + ' ' + details.url }),
    el('p', { textContent: (details.handler ? 'Answered by ' + details.handler : 'No handler answered (' + (details.reason ?? 'in flight') + ')') +
      ' · ' + (details.status || '—') + ' · ' + details.durationMs.toFixed(1) + ' ms' }))
  let graphql
  try { graphql = JSON.parse(details.requestBody?.text ?? '') } catch {}
  if (graphql && typeof graphql.query === 'string') {
    box.append(el('h3', { textContent: 'GraphQL query' + (details.operationName ? ' · ' + details.operationName : '') }), el('pre', { className: 'graphql-query', textContent: graphql.query }))
    box.append(el('h3', { textContent: 'Variables' }), el('pre', { textContent: JSON.stringify(graphql.variables ?? {}, null, 2) }))
  } else if (details.requestBody) {
    box.append(el('h3', { textContent: 'Request body' }), el('pre', { textContent: pretty(details.requestBody) }))
  }
  box.append(el('h3', { textContent: 'Response body' }), el('pre', { className: 'response-body', textContent: pretty(details.responseBody) }))
  if (details.frames?.length) {
    box.append(el('h3', { textContent: 'Frames' }), el('pre', { className: 'frames', textContent: details.frames.map((f) => (f.direction === 'in' ? '→ ' : '← ') + f.data.trimEnd()).join('\\n') }))
  }
  box.append(el('h3', { textContent: 'Request headers' }), el('pre', { textContent: headerText(details.requestHeaders) }))
  box.append(el('h3', { textContent: 'Response headers' }), el('pre', { textContent: headerText(details.responseHeaders) }))
}

async function loadHandlers() {
  const [handlers, scenario] = await Promise.all([api('GET', 'handlers'), api('GET', 'scenario')])
  const list = $('#handlers')
  list.replaceChildren(...handlers.map((handler) => {
    const box = el('input', { type: 'checkbox', checked: handler.enabled })
    box.setAttribute('aria-label', 'Handler ' + handler.header + (handler.enabled ? ' on' : ' off'))
    box.addEventListener('change', async () => { await api('PATCH', 'handlers/' + handler.id, { enabled: box.checked }); loadHandlers() })
    const tags = [handler.scenario && el('span', { className: 'tag', textContent: handler.scenario }), handler.runtime && el('span', { className: 'tag', textContent: 'runtime' })]
    return el('li', { className: 'handler' + (handler.enabled ? '' : ' off') },
      el('label', {}, box, el('span', { textContent: handler.header, title: handler.header }), ...tags, el('small', { textContent: handler.calls + '×' })))
  }))
  const select = $('#scenario')
  select.replaceChildren(el('option', { value: '', textContent: 'Default handlers' }), ...(scenario.available ?? []).map((name) => el('option', { value: name, textContent: name })))
  select.value = scenario.name ?? ''
}

async function follow() {
  const response = await fetch('/__mocklib/events', { headers })
  if (!response.ok) throw new Error((await response.json()).detail)
  $('#status').textContent = 'live'
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    buffer += value
    let end
    while ((end = buffer.indexOf('\\n\\n')) !== -1) {
      const block = buffer.slice(0, end); buffer = buffer.slice(end + 2)
      const type = /^event: (.*)$/m.exec(block)?.[1]
      const data = /^data: (.*)$/m.exec(block)?.[1]
      if (!type || !data) continue
      const payload = JSON.parse(data)
      if (type === 'request' || type === 'response') upsert(payload)
      if (type === 'response' || type === 'handlers' || type === 'scenario') loadHandlers()
      if (type === 'frame' && payload.id === selected) select(selected)
    }
  }
  $('#status').textContent = 'disconnected: the server stopped'
}

async function start() {
  try {
    for (const record of await api('GET', 'requests')) upsert(record)
    await loadHandlers()
  } catch (error) {
    $('main').replaceWith(el('div', { id: 'auth' }, el('h2', { textContent: 'This dashboard needs the server\\'s token' }),
      el('p', { textContent: error.message + ' Open the address mocklib serve printed (it ends with #token=…).' })))
    return
  }
  $('#scenario').addEventListener('change', async (event) => { await api('PUT', 'scenario', { name: event.target.value || null }); loadHandlers() })
  $('#har').addEventListener('click', async () => {
    const har = await api('GET', 'requests.har')
    const link = el('a', { href: URL.createObjectURL(new Blob([JSON.stringify(har, null, 2)], { type: 'application/json' })), download: 'mocklib-requests.har' })
    link.click()
  })
  // Arrow keys move through the request list.
  $('#requests').addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const items = [...document.querySelectorAll('.request')]
    const next = items[items.indexOf(document.activeElement) + (event.key === 'ArrowDown' ? 1 : -1)]
    if (next) { event.preventDefault(); next.focus(); next.click() }
  })
  follow().catch((error) => { $('#status').textContent = 'disconnected: ' + error.message })
}
start()
`

/** The page, as served (the same bytes every time). */
export const dashboardPage: string = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mocklib</title>
<style>${style}</style>
</head>
<body>
<header>
  <h1>mocklib</h1>
  <span class="status" id="status" role="status">connecting…</span>
  <button class="action" id="har" type="button">Download HAR</button>
</header>
<main>
  <section aria-labelledby="requests-title">
    <h2 id="requests-title">Requests</h2>
    <ol id="requests" role="listbox" aria-label="Requests, newest first"></ol>
    <p class="empty" id="requests-empty">No requests yet. Send one to this server and it appears here.</p>
  </section>
  <section aria-label="Request details"><div id="details"><p class="empty">Select a request to see its headers and bodies.</p></div></section>
  <section aria-labelledby="handlers-title">
    <h2 id="handlers-title">Handlers</h2>
    <div class="scenario"><label for="scenario">Scenario</label><select id="scenario"></select></div>
    <ul id="handlers" style="list-style:none;margin:0;padding:0"></ul>
  </section>
</main>
<script type="module">${script}</script>
</body>
</html>
`
