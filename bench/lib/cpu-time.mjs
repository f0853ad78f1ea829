/** Milliseconds of CPU time (user and system) this process has spent since `since` (a process.cpuUsage()). */
export function cpuMs(since) {
  const { user, system } = process.cpuUsage(since)
  return (user + system) / 1000
}
