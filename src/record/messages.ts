import { describeValue, format } from '../runtime/messages'
import { problemLines, type BodyProblem } from '../runtime/body-mismatch'
import { RECORD_MODE_VARIABLE } from './record-mode'

export const recordMessages = {
  lockdown(label: string, where: string): string {
    return format(
      `Lockdown: ${label} has no recording in ${where}, and lockdown mode answers only from recordings. ` +
        `Record it once with ${RECORD_MODE_VARIABLE}=record-missing (it adds only what is missing), ` +
        `or leave this request to other handlers with the recorder's "include" option.`,
    )
  },
  lockdownSummary(labels: readonly string[], where: string): string {
    return format(
      `Lockdown refused ${labels.length} request(s) with no recording in ${where}:\n${labels.map((label) => `  - ${label}`).join('\n')}`,
    )
  },
  stale(label: string, where: string, against: string, problems: readonly BodyProblem[]): string {
    return format(
      `The recorded answer to ${label} in ${where} no longer fits ${against}:\n${problemLines(problems)}` +
        `\nRecord it again (${RECORD_MODE_VARIABLE}=record against the current server), or fix the entry in the file.`,
    )
  },
  notHar(where: string, detail: string): string {
    return format(
      `${where} is not a HAR file mocklib can read: ${detail}. Save HAR 1.2 from the browser's dev tools, or record one with createRecorder().`,
    )
  },
  needsFileSystem(): string {
    return format(
      'createRecorder({ file }) reads and writes files, which needs Node. In a page, pass the recording as { har } and save it with saveUrl or a download.',
    )
  },
  badOpenApiOption(value: unknown): string {
    return format(
      `createRecorder's "openapi" option takes the handlers fromOpenApi() made (mocklib/openapi), got ${describeValue(value)}.`,
    )
  },
  badSchemaOption(value: unknown): string {
    return format(
      `createRecorder({ schema }) takes a mocklib/schema executor (createSchemaExecutor()) or { typeDefs | schemaFiles | schema }, got ${describeValue(value)}.`,
    )
  },
  saveFailed(url: string, status: number): string {
    return format(
      `Saving the recording to ${url} failed with status ${status}. Is the dev server's recording endpoint (recordingEndpoint()) installed?`,
    )
  },
}
