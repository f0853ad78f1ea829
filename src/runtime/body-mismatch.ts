// What a checked answer does not fit, for every kind of check (a GraphQL body against its schema,
// a REST answer or recording against an OpenAPI document): the problems, the error strict mode
// throws, and the one report both print.
import type { MocklibErrorCode } from './errors'
import { describeRequest, format } from './messages'

/** How a hand-written answer is checked: fail the request, warn and send it, or not at all. */
export type BodyCheckMode = 'strict' | 'warn' | 'off'
export const BODY_CHECK_MODES: readonly BodyCheckMode[] = ['strict', 'warn', 'off']

export type BodyProblemKind =
  /** A null (or absent value) where the schema says non-null. */
  | 'null-in-non-null'
  /** A value the scalar, enum or format cannot represent (a bound, pattern or enum it breaks). */
  | 'wrong-scalar'
  /** A field (property) the schema requires and the body does not have. */
  | 'missing-field'
  /** Not a list or object where one is expected, or a `__typename` that does not fit. */
  | 'wrong-type'
  /** The operation itself does not validate against the schema. */
  | 'invalid-operation'
  /** OpenAPI: the answer's status is not one its operation declares. */
  | 'undeclared-status'
  /** OpenAPI: the answer's media type is not one the declared response offers (or it has a body where none is). */
  | 'wrong-media-type'
  /** OpenAPI: a header the declared response requires is missing, or its value does not fit. */
  | 'wrong-header'
  /** Anything else the check reported. */
  | 'other'

export interface BodyProblem {
  readonly kind: BodyProblemKind
  /**
   * Where: in GraphQL `data`, a path such as `posts[1].title` (empty for the operation as a
   * whole); in an OpenAPI answer, a JSON pointer into `{ status, headers, body }`, such as
   * `/body/pets/1/name` or `/headers/x-rate-limit`.
   */
  readonly path: string
  readonly message: string
}

/** Thrown (strict mode) when a hand-written answer does not fit; the request answers 500. */
export class BodyMismatchError extends Error {
  override readonly name = 'BodyMismatchError'
  readonly code: MocklibErrorCode = 'MOCKLIB_BODY_MISMATCH'
  constructor(
    message: string,
    readonly problems: readonly BodyProblem[],
  ) {
    super(message)
  }
}

/** One line per problem: "  - posts[0].title: missing: ...". */
export const problemLines = (problems: readonly BodyProblem[]): string =>
  problems.map((problem) => `  - ${problem.path === '' ? '(operation)' : problem.path}: ${problem.message}`).join('\n')

/**
 * The report of a hand-written answer that does not fit: `against` says what it was checked
 * against ("the schema for query ListPosts", "the OpenAPI operation GET /pets (listPets)").
 */
export function bodyMismatchMessage(
  header: string,
  against: string,
  request: Request | undefined,
  problems: readonly BodyProblem[],
  mode: 'strict' | 'warn',
): string {
  const where = request === undefined ? '' : ` (${describeRequest(request)})`
  const outcome =
    mode === 'strict'
      ? 'The request failed because this handler checks bodies strictly. Fix the data the resolver returns, or use mode "warn" while you work on it.'
      : 'The body was sent as written (mode "warn"). Fix the data the resolver returns.'
  return format(
    `The mock body of the handler "${header}" does not fit ${against}${where}:\n${problemLines(problems)}\n${outcome}`,
  )
}

/**
 * A description answers are checked against outside any handler (an OpenAPI document's handlers,
 * given to the recorder): what an answer to this request does not fit, or undefined when it fits
 * or is not the description's to judge.
 */
export interface AnswerContract {
  checkAnswer(
    request: Request,
    response: Response,
  ): Promise<{ readonly against: string; readonly problems: readonly BodyProblem[] } | undefined>
}
