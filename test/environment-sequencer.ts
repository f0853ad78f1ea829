// The order the test files run in: Vitest's own (projects one after the other, slowest files first), then,
// within a project, the files of one environment one after the other. A worker process shared by a project's
// files (isolate: false) is kept only while the next file has the same project and environment: a jsdom file
// between two node files made Vitest start two new processes, each loading mocklib, msw, graphql and the
// clients again (a Node 22 run of CI: 41 changes of environment between files, 69 s of its 475 s).
import { readFileSync } from 'node:fs'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

// What Vitest reads a file's environment from (a docblock comment), options included.
const ENVIRONMENT_COMMENT = /@(?:vitest|jest)-environment(?:-options)?\s+(.+)/g

export class EnvironmentSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const environments = new Map<string, string>()
    const environmentOf = (file: string): string => {
      let environment = environments.get(file)
      if (environment === undefined) {
        const text = readFileSync(file, 'utf8')
        environment = [...text.matchAll(ENVIRONMENT_COMMENT)].map((match) => match[0]).join('\n')
        environments.set(file, environment)
      }
      return environment
    }
    // Groups in the order their first file comes in Vitest's order; files in that order within a group.
    const groups = new Map<string, TestSpecification[]>()
    for (const spec of sorted) {
      const key = `${spec.project.name}\n${environmentOf(spec.moduleId)}`
      const group = groups.get(key)
      if (group === undefined) groups.set(key, [spec])
      else group.push(spec)
    }
    return [...groups.values()].flat()
  }
}
