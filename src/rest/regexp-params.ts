/**
 * The param names a RegExp predicate's capturing groups get, in group order: a named group by
 * its name, the others "0", "1", … counting only unnamed ones (as MSW 2 / path-to-regexp 6 do,
 * so `/(\d+)\/(?<slug>\w+)/` gives `{ 0, slug }`). Computed once, when the handler is created.
 */
export function regexpParamNames(source: string): string[] {
  const names: string[] = []
  let unnamed = 0
  let inClass = false
  for (let i = 0; i < source.length; i++) {
    const char = source[i]
    if (char === '\\') {
      i++
    } else if (inClass) {
      if (char === ']') inClass = false
    } else if (char === '[') {
      inClass = true
    } else if (char === '(') {
      if (source[i + 1] !== '?') {
        names.push(String(unnamed++))
      } else {
        const named = /^\?<([^>=!]+)>/.exec(source.slice(i + 1))
        if (named !== null) names.push(named[1])
      }
    }
  }
  return names
}

/** Runs a RegExp predicate against a clean URL; its groups become params named by `names`. */
export function regexpParams(
  regexp: RegExp,
  names: readonly string[],
  cleanUrl: string,
): Record<string, string> | undefined {
  const result = regexp.exec(cleanUrl)
  if (result === null) return undefined
  const params: Record<string, string> = {}
  for (let index = 1; index < result.length; index++) {
    if (result[index] !== undefined) params[names[index - 1] ?? String(index - 1)] = result[index]
  }
  return params
}
