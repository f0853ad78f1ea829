// The packages only bench/serve.mjs uses: its load generator and the peer mock servers. They are not
// devDependencies, so that `npm ci` (on every CI run) does not install them: Mockoon's CLI and Prism alone
// are about 300 packages. The bench installs each the first time it needs it, with npm, into a folder of
// its own under node_modules/.cache/mocklib-bench (`npm install --no-save` into one shared folder would
// remove what an earlier install put there), and loads it from that folder.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** What npm installs for each peer (pinned: the figures in docs/performance.md are for these versions). */
const PEERS = {
  autocannon: ['autocannon@9.0.0'],
  'json-server': ['json-server@0.17.4'],
  // msw beside it, the version the repository tests: the bench's handlers must come from the msw it loads.
  '@mswjs/http-middleware': ['@mswjs/http-middleware@0.10.3', 'msw@2.14.7'],
  '@mockoon/cli': ['@mockoon/cli@9.9.0'],
  // 5.15 and later need Node 24; the bench runs on Node 20.
  '@stoplight/prism-cli': ['@stoplight/prism-cli@5.14.2'],
}

const cache = fileURLToPath(new URL('../../node_modules/.cache/mocklib-bench/', import.meta.url))
const folder = (peer) => cache + peer.replace('/', '+')

/**
 * Installs `peer` unless it already is; true when it can be loaded. When npm fails (the registry is
 * unreachable, say) it prints why and returns false.
 */
export function installPeer(peer) {
  const dir = folder(peer)
  if (existsSync(`${dir}/node_modules/${peer}/package.json`)) return true
  // One retry, soon: npm's default (two, up to a minute apart) kept an unreachable registry waiting 80 s a peer.
  const retries = ['--fetch-retries=1', '--fetch-retry-mintimeout=2000', '--fetch-retry-maxtimeout=5000']
  const args = ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', ...retries, '--prefix', dir]
  args.push(...PEERS[peer])
  console.log(`${peer} is not installed yet; for the bench (once): npm ${args.join(' ')}`)
  try {
    execFileSync('npm', args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' })
    return true
  } catch (error) {
    const lines = String(error.stderr ?? error.message).split('\n')
    const reason = lines.find((line) => /\bFetchError\b|\bcode E/.test(line)) ?? lines[0]
    console.log(`skipping ${peer}: npm could not install it (is the registry reachable?): ${reason}`)
    return false
  }
}

/** require() from the folder `peer` was installed into: the peer itself, or a package installed beside it. */
export const peerRequire = (peer) => createRequire(`${folder(peer)}/package.json`)
