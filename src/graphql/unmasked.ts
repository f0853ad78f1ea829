// Result types as a server sends them, with masked fragments merged in. Types only.

type Primitive = string | number | boolean | bigint | symbol | null | undefined

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never

type MaskKey = ' $fragmentRefs' | ' $fragmentName'

type FragmentsOf<T> = T extends { ' $fragmentRefs'?: infer Refs }
  ? UnionToIntersection<NonNullable<Refs>[keyof NonNullable<Refs>]>
  : unknown

// Records with an index signature (the untyped default) hold no fragment markers to remove.
type UnmaskObject<T> = string extends keyof T
  ? T
  : ' $fragmentRefs' extends keyof T
    ? UnmaskObject<{ [K in keyof T as K extends MaskKey ? never : K]: T[K] } & FragmentsOf<T>>
    : { [K in keyof T as K extends MaskKey ? never : K]: Unmasked<T[K]> } & TypenameField<T>

// Every GraphQL object has the `__typename` meta field: a mock may send it (Apollo Client asks
// for it) even where the generated type leaves it out.
type TypenameField<T> = '__typename' extends keyof T ? unknown : { __typename?: string }

/**
 * A result type as a server sends it. With the client preset's fragment masking, a result
 * holds `' $fragmentRefs'` where it spreads a fragment; a mock answers with the fragment's
 * fields in place, so resolvers are typed with the fields merged in and the markers removed.
 * Types without fragment markers come out the same, but for `__typename`, which every object
 * may carry.
 */
export type Unmasked<T> = T extends Primitive
  ? T
  : T extends ReadonlyArray<infer Item>
    ? T extends unknown[]
      ? Unmasked<Item>[]
      : readonly Unmasked<Item>[]
    : T extends object
      ? UnmaskObject<T>
      : T
