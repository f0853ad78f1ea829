// `GET /__mocklib/health`, the same document from the mock server and from the remote.
import { PROTOCOL_VERSION } from './protocol'
import type { HealthInfo } from './resources'

// mocklib's version: the build writes it into dist/ (tsdown.config.ts), and vitest.config.ts gives
// the sources the tests run the same value.
declare const __MOCKLIB_VERSION__: string | undefined

export const packageVersion: string = typeof __MOCKLIB_VERSION__ === 'string' ? __MOCKLIB_VERSION__ : 'unknown'

export function healthInfo(role: HealthInfo['role'], version: string = packageVersion): HealthInfo {
  return { name: 'mocklib', role, version, protocol: PROTOCOL_VERSION, pid: process.pid }
}
