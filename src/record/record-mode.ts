import { MocklibTypeError } from '../runtime/errors'
import { describeValue, format } from '../runtime/messages'

/**
 * - `record`: every request goes to the network; the answers replace the recording.
 * - `replay`: answers come from the recording; a request it lacks follows `onUnhandledRequest`.
 * - `record-missing`: replays what is recorded, performs and records the rest.
 * - `lockdown`: replays only; a request the recording lacks is an error (for CI).
 * - `passthrough`: every request goes to the network; nothing is recorded or replayed.
 */
export type RecordMode = 'record' | 'replay' | 'record-missing' | 'lockdown' | 'passthrough'

export const RECORD_MODES: readonly RecordMode[] = ['record', 'replay', 'record-missing', 'lockdown', 'passthrough']

/** The environment variable that chooses the mode of recorders created without one. */
export const RECORD_MODE_VARIABLE = 'MOCKLIB_RECORD_MODE'

export function checkMode(value: unknown, where: string): RecordMode {
  if (RECORD_MODES.includes(value as RecordMode)) return value as RecordMode
  throw new MocklibTypeError(
    'MOCKLIB_INVALID_ARGUMENT',
    format(
      `Unknown record mode ${describeValue(value)} in ${where}. Use one of ${RECORD_MODES.map((mode) => `'${mode}'`).join(', ')}.`,
    ),
  )
}

/** The mode given, else the environment's, else `replay` (never writes files unasked). */
export function resolveMode(given: RecordMode | undefined): RecordMode {
  if (given !== undefined) return checkMode(given, 'the mode option')
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[
    RECORD_MODE_VARIABLE
  ]
  if (env !== undefined && env !== '') return checkMode(env, `the ${RECORD_MODE_VARIABLE} environment variable`)
  return 'replay'
}
