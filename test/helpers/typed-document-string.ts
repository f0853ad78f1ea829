import type { DocumentTypeDecoration } from 'mocklib'

/**
 * Stands in for the codegen client preset's string mode (see test/generated/client/graphql.ts):
 * a String subclass that carries its result and variables types.
 */
export class TypedDocumentString<Result, Variables>
  extends String
  implements DocumentTypeDecoration<Result, Variables>
{
  __apiType?: (variables: Variables) => Result
  constructor(private value: string) {
    super(value)
  }
  override toString(): string {
    return this.value
  }
}
