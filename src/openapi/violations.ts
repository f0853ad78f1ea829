import type { ParameterLocation } from './parameters'

/** One way a value breaks a schema: where in the value (a JSON pointer, "" for the whole) and what. */
export interface SchemaViolation {
  pointer: string
  message: string
}

/** One way a request breaks its operation: where (a parameter by name, or the body at a JSON pointer) and what. */
export interface RequestViolation extends SchemaViolation {
  in: ParameterLocation | 'body'
  /** The parameter's name (for `in: 'header'`, also "content-type" when the body's media type is not declared). */
  name?: string
}
