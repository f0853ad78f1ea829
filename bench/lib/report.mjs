// The Markdown table printed after a run, and the SVG chart drawn from the same results.
import { memoryWorkLabel } from './memory-work.mjs'

const COLORS = {
  mocklib: '#2563eb',
  msw: '#f97316',
  msw3: '#fdba74',
  'fetch-mock': '#16a34a',
  mockagent: '#9333ea',
  interceptors: '#6b7280',
  baseline: '#a3a3a3',
  'mocklib-base': '#93c5fd',
}
let NAMES = ['mocklib', 'msw', 'fetch-mock', 'mockagent', 'interceptors', 'baseline']

/** Adds the "mocklib-base" column when a run compared two builds. */
function useNames(results) {
  const compared = allEntries(results).some((entry) => entry.contenders['mocklib-base'])
  NAMES = ['mocklib', ...(compared ? ['mocklib-base'] : []), 'msw', ...(hasMsw3(results) ? ['msw3'] : [])]
  NAMES.push('fetch-mock', 'mockagent', 'interceptors', 'baseline')
  return compared
}

/** MSW 3 gets its columns when it ran somewhere (Node 22.12+). */
function hasMsw3(results) {
  return allEntries(results).some((entry) => entry.contenders.msw3)
}

function allEntries(results) {
  return results.coldStart ? [...results.scenarios, results.coldStart] : results.scenarios
}

function figure(entry, name) {
  const data = entry.contenders[name]
  if (data === undefined) return entry.skipped?.[name] ? 'pending' : '–'
  return entry.unit === 'process' || data.medianUs >= 10_000
    ? `${(data.medianUs / 1000).toFixed(1)} ms`
    : `${data.medianUs.toFixed(1)} µs`
}

/** Two decimals, or two significant digits for small ratios (0.0035×). */
const times = (ratio) => `${ratio < 0.1 ? ratio.toPrecision(2) : ratio.toFixed(2)}×`

function ratioCell(entry, other) {
  const ratio = entry.ratios[`mocklib/${other}`]
  return ratio ? times(ratio.median) : '–'
}

function value(goal) {
  if (goal.value === undefined || Number.isNaN(goal.value)) return 'pending'
  if (goal.unit === 'B') return `${Math.round(goal.value)} B`
  if (goal.unit === 'ms') return `${Math.round(goal.value)} ms`
  if (goal.unit === '') return String(goal.value)
  return times(goal.value)
}

export function renderTable(results) {
  const lines = []
  const compared = useNames(results)
  const others = NAMES.filter((name) => name !== 'mocklib' && name !== 'baseline')
  lines.push(
    'CPU time per unit (median of rounds; process.cpuUsage, user + system). Ratios: median of per-round ratios.',
    '',
  )
  lines.push(`| Scenario | unit | ${NAMES.join(' | ')} | ${others.map((o) => `mocklib ÷ ${o}`).join(' | ')} |`)
  lines.push(`|---|---|${NAMES.map(() => '--:').join('|')}|${others.map(() => '--:').join('|')}|`)
  for (const entry of allEntries(results)) {
    const cells = NAMES.map((name) => figure(entry, name))
    lines.push(
      `| ${entry.title} | ${entry.unit} | ${cells.join(' | ')} | ${others.map((o) => ratioCell(entry, o)).join(' | ')} |`,
    )
  }
  if (results.memory) {
    lines.push('', 'Heap retained after GC (bytes per unit; negative means the heap shrank):', '')
    lines.push('| Work | mocklib | interceptors | msw |', '|---|--:|--:|--:|')
    for (const kind of [...new Set(results.memory.map((m) => m.kind))]) {
      const cell = (name) => {
        const m = results.memory.find((x) => x.contender === name && x.kind === kind)
        return m ? `${Math.round(m.retainedPerUnit)} B (${m.count.toLocaleString('en')})` : '–'
      }
      lines.push(`| ${memoryWorkLabel(kind)} | ${cell('mocklib')} | ${cell('interceptors')} | ${cell('msw')} |`)
    }
  }
  if (results.goals) {
    lines.push('', '| Goal | figure | limit | met |', '|---|--:|--:|:-:|')
    for (const goal of results.goals) {
      const limit =
        goal.unit === 'B'
          ? `< ${goal.limit} B`
          : goal.unit === 'ms'
            ? `≤ ${goal.limit} ms`
            : goal.unit === ''
              ? String(goal.limit)
              : `≤ ${goal.limit}×`
      const met = goal.met === null ? 'pending' : goal.met ? 'yes' : '**no**'
      lines.push(`| ${goal.goal}${goal.note ? ` (${goal.note})` : ''} | ${value(goal)} | ${limit} | ${met} |`)
    }
  }
  const m = results.machine
  lines.push(
    '',
    `\`${results.command}\` on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; ` +
      `mocklib ${results.versions.mocklib}, msw ${results.versions.msw}, fetch-mock ${results.versions['fetch-mock']}, @mswjs/interceptors ${results.versions['@mswjs/interceptors']}; ${results.date.slice(0, 10)}.`,
  )
  return lines.join('\n')
}

const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Horizontal bars on a log scale: CPU µs per unit for every contender in every scenario. */
export function renderChart(results) {
  useNames(results)
  const entries = allEntries(results)
  const bar = 11
  const labelWidth = 400
  const plotWidth = 520
  const width = labelWidth + plotWidth + 90
  const values = entries.flatMap((e) => Object.values(e.contenders).map((c) => c.medianUs)).filter((v) => v > 0)
  const min = 10 ** Math.floor(Math.log10(Math.min(...values)))
  const max = 10 ** Math.ceil(Math.log10(Math.max(...values)))
  const x = (v) => labelWidth + (Math.log10(v / min) / Math.log10(max / min)) * plotWidth
  const out = []
  let y = 58
  for (const entry of entries) {
    const names = NAMES.filter((n) => entry.contenders[n])
    const groupHeight = Math.max(names.length, 1) * (bar + 2) + 12
    out.push(
      `<text x="${labelWidth - 10}" y="${y + groupHeight / 2 - 4}" text-anchor="end" font-size="12">${escape(entry.title)}</text>`,
    )
    names.forEach((name, index) => {
      const v = entry.contenders[name].medianUs
      const top = y + index * (bar + 2)
      out.push(
        `<rect x="${labelWidth}" y="${top}" width="${Math.max(1, x(v) - labelWidth).toFixed(1)}" height="${bar}" fill="${COLORS[name]}"><title>${name}: ${v.toFixed(1)} µs</title></rect>`,
      )
      const text = v >= 1000 ? `${(v / 1000).toFixed(1)} ms` : `${v.toFixed(0)} µs`
      out.push(`<text x="${(x(v) + 4).toFixed(1)}" y="${top + bar - 2}" font-size="10" fill="#333">${text}</text>`)
    })
    if (names.length === 0)
      out.push(`<text x="${labelWidth + 4}" y="${y + 10}" font-size="10" fill="#666">pending</text>`)
    y += groupHeight
  }
  const ticks = []
  for (let t = min; t <= max; t *= 10) {
    const tx = x(t).toFixed(1)
    ticks.push(`<line x1="${tx}" x2="${tx}" y1="50" y2="${y}" stroke="#ddd"/>`)
    ticks.push(
      `<text x="${tx}" y="${y + 14}" font-size="10" text-anchor="middle" fill="#555">${t >= 1000 ? `${t / 1000} ms` : `${t} µs`}</text>`,
    )
  }
  const legend = NAMES.map((name, index) => {
    const lx = labelWidth + index * 120
    return `<rect x="${lx}" y="24" width="12" height="12" fill="${COLORS[name]}"/><text x="${lx + 16}" y="34" font-size="12">${name}</text>`
  })
  const height = y + 30
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="18" font-size="13" font-weight="bold">CPU time per unit, median of rounds (log scale; lower is better)</text>`,
    ...legend,
    ...ticks,
    ...out,
    `<text x="10" y="${height - 6}" font-size="10" fill="#555">${escape(`${results.command} · ${results.machine.cpu}, ${results.machine.cores} cores · Node ${results.machine.node} · ${results.date.slice(0, 10)}`)}</text>`,
    '</svg>',
    '',
  ].join('\n')
}
