import { MocklibTypeError } from '../runtime/errors'
import { graphql } from '../graphql/graphql'
import { createSchemaExecutor, type SchemaExecutor } from '../graphql/executor/executor'
import type { SchemaSource } from '../graphql/executor/schema-source'
import type { BodyProblem } from '../runtime/body-mismatch'
import { recordMessages } from './messages'
import { StaleRecordingError } from './record-errors'

/** Checks one replayed GraphQL answer; rejects with a StaleRecordingError when it does not fit. */
export type ReplayCheck = (request: Request, response: Response, label: string) => Promise<void>

/**
 * Replayed answers are checked exactly as checked mock bodies are (`executor.check()`, the
 * body checker of mocklib/schema): the recorded `data` runs through the schema and the
 * request's selection. A throwaway handler answering with the recorded response is wrapped and
 * run against the request; its verdict is kept, its rebuilt body is not (the recorded bytes are
 * what is replayed).
 */
export function replayCheck(schema: SchemaExecutor | SchemaSource, where: () => string): ReplayCheck {
  const executor = isExecutor(schema) ? schema : createSchemaExecutor(schema)
  return async (request, response, label) => {
    const probe = executor.check(
      graphql.operation(() => response.clone()),
      { mode: 'strict' },
    )
    try {
      await probe.run({ request })
    } catch (error) {
      const problems = (error as { code?: unknown; problems?: readonly BodyProblem[] }).problems
      if ((error as { code?: unknown }).code !== 'MOCKLIB_BODY_MISMATCH' || problems === undefined) throw error
      throw new StaleRecordingError(recordMessages.stale(label, where(), 'the schema', problems), problems)
    }
  }
}

function isExecutor(value: unknown): value is SchemaExecutor {
  if (typeof value !== 'object' || value === null)
    throw new MocklibTypeError('MOCKLIB_INVALID_ARGUMENT', recordMessages.badSchemaOption(value))
  return typeof (value as { check?: unknown }).check === 'function'
}
