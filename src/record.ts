// The `mocklib/record` entry: record real traffic into HAR files and replay it, GraphQL-aware,
// with schema checks of replayed answers (docs/record-and-replay.md).
export { createRecorder } from './record/recorder'
export type { Recorder, RecorderOptions } from './record/recorder'
export { fromHar } from './record/from-har'
export type { FromHarOptions } from './record/from-har'
export { recordingFile } from './record/recording-file'
export { recordingEndpoint } from './record/recording-endpoint'
export type {
  EndpointRequest,
  EndpointResponse,
  RecordingEndpointOptions,
  RecordingMiddleware,
} from './record/recording-endpoint'
export { RECORD_MODES, RECORD_MODE_VARIABLE } from './record/record-mode'
export type { RecordMode } from './record/record-mode'
export type { RecordMatchOptions } from './record/request-key'
export type { RedactOptions } from './record/redact'
export { NotRecordedError, StaleRecordingError } from './record/record-errors'
export type {
  Har,
  HarContent,
  HarEntry,
  HarLog,
  HarNameValue,
  HarPostData,
  HarRequest,
  HarResponse,
  HarTimings,
} from './record/har'
