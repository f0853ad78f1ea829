import type { RequestHandler } from '../runtime/request-handler'
import type { Har } from './har'
import { createRecorder, type RecorderOptions } from './recorder'
import { checkHar } from './recording-file'

export type FromHarOptions = Pick<
  RecorderOptions,
  'match' | 'schema' | 'openapi' | 'include' | 'redact' | 'volatileHeaders'
>

/**
 * Handlers that answer from a HAR: one recorded with createRecorder(), or one saved from a
 * browser's dev tools (entries that failed or are not HTTP are skipped). They replay only;
 * requests the HAR lacks go on to the next handlers and the unhandled-request strategy.
 */
export function fromHar(har: Har, options: FromHarOptions = {}): RequestHandler[] {
  return [createRecorder({ ...options, har: checkHar(har, 'The HAR given to fromHar()'), mode: 'replay' }).handler]
}
