import { beforeAll, describe, expect, it } from 'vitest'
import repositoryConfig from '../../codegen'
import { plugin, validate } from '../../src/codegen'
import { committed, eventsOutput, runCodegen } from './run-codegen'

describe('codegen.ts through the GraphQL Code Generator CLI', () => {
  it('produces exactly the committed files in test/generated/', async () => {
    const outputs = await runCodegen(repositoryConfig)
    const files = [...outputs.keys()].sort()
    expect(files).toEqual([
      'test/generated/client/fragment-masking.ts',
      'test/generated/client/gql.ts',
      'test/generated/client/graphql.ts',
      'test/generated/client/index.ts',
      'test/generated/client/mocks.ts',
      'test/generated/graphql.ts',
      'test/generated/schema-types.ts',
    ])
    for (const file of files) expect(outputs.get(file), `${file} is stale: run npm run codegen`).toBe(committed(file))
  }, 120_000)
})

describe('the mocklib plugin', () => {
  let events: string
  beforeAll(async () => {
    events = await eventsOutput({})
  }, 60_000)

  it('writes a factory per named query and mutation, with the typescript-operations type names', () => {
    // An operation already named "…Query" is not named twice; a lower-case name is capitalised.
    expect(events).toContain(
      'export const mockGetEventQuery = (\n  resolver: GraphQLResponseResolver<GetEventQueryQuery, GetEventQueryQueryVariables>,',
    )
    expect(events).toContain(
      "graphql.query<GetEventQueryQuery, GetEventQueryQueryVariables>('GetEventQuery', resolver, options)",
    )
    expect(events).toContain('export const mockListEventsQuery = (')
    expect(events).toContain(
      "graphql.query<ListEventsQuery, ListEventsQueryVariables>('listEvents', resolver, options)",
    )
    expect(events).toContain(
      "graphql.mutation<RenameEventMutation, RenameEventMutationVariables>('RenameEvent', resolver, options)",
    )
    expect(events).toContain('Variables: `id`, `name`.')
    expect(events).toContain('HttpResponse.json({ data: { all: … } })')
    // Each type the factories name is declared by typescript-operations in the same file.
    for (const name of [
      'GetEventQueryQuery',
      'ListEventsQueryVariables',
      'RenameEventMutation',
      'OnEventChangedSubscription',
    ]) {
      expect(events).toMatch(new RegExp(`export type ${name} = `))
    }
  })

  it('lists every named operation in the map, registers it, and skips what it cannot serve with a reason', async () => {
    expect(events).toContain(
      "export type Operations = {\n  GetEventQuery: { type: 'query'; result: GetEventQueryQuery; variables: GetEventQueryQueryVariables }\n" +
        "  listEvents: { type: 'query'; result: ListEventsQuery; variables: ListEventsQueryVariables }\n" +
        "  RenameEvent: { type: 'mutation'; result: RenameEventMutation; variables: RenameEventMutationVariables }\n" +
        "  OnEventChanged: { type: 'subscription'; result: OnEventChangedSubscription; variables: OnEventChangedSubscriptionVariables }\n}",
    )
    expect(events).toContain(
      'declare module \'mocklib\' {\n  interface GeneratedOperations {\n    "events.ts": Operations\n  }\n}',
    )
    expect(events).not.toContain('Skipped')
  })

  it('writes a factory per named subscription, typed by the subscription types', () => {
    expect(events).toContain(
      "import { graphql, type GraphQLHandler, type GraphQLResponseResolver, type RequestHandlerOptions, type GraphQLSubscriptionHandler, type GraphQLSubscriptionOptions, type GraphQLSubscriptionResolver } from 'mocklib'",
    )
    expect(events).toContain(
      [
        'export const mockOnEventChangedSubscription = (',
        '  resolver: GraphQLSubscriptionResolver<OnEventChangedSubscription, OnEventChangedSubscriptionVariables>,',
        '  options?: GraphQLSubscriptionOptions,',
        "): GraphQLSubscriptionHandler<OnEventChangedSubscription, OnEventChangedSubscriptionVariables> => graphql.subscription<OnEventChangedSubscription, OnEventChangedSubscriptionVariables>('OnEventChanged', resolver, options)",
      ].join('\n'),
    )
    expect(events).toContain('subscription.publish({ data: { eventChanged: … } })')
  })

  it('skips an anonymous operation with a comment that says what to do', async () => {
    // (GraphQL validation allows an anonymous operation only as the documents' single operation.)
    const output = await eventsOutput({}, 'anonymous.ts', 'anonymous.graphql')
    expect(output).toContain(
      '// Skipped: an anonymous query in test/codegen/fixtures/anonymous.graphql. Handlers match operations by name: give it a name, or answer it with graphql.operation().',
    )
    expect(output).toContain('export type Operations = {}')
    expect(output).not.toContain('export const mock')
  }, 60_000)

  it('scopes factories to links, with exported typed links and suffixed names', async () => {
    const output = await eventsOutput({
      links: [
        { name: 'eventsApi', endpoint: 'https://events.test/graphql' },
        { name: 'legacy', endpoint: '/legacy/graphql' },
      ],
    })
    expect(output).toContain(
      'export const eventsApi: TypedGraphQLLinkHandlers<Operations> & GraphQLLinkSubscriptions = graphql.link<Operations>("https://events.test/graphql")',
    )
    expect(output).toContain(
      'export const legacy: TypedGraphQLLinkHandlers<Operations> & GraphQLLinkSubscriptions = graphql.link<Operations>("/legacy/graphql")',
    )
    expect(output).toContain(
      "=> eventsApi.subscription<OnEventChangedSubscription, OnEventChangedSubscriptionVariables>('OnEventChanged', resolver, options)",
    )
    expect(output).toContain('export const mockRenameEventMutationEventsApi = (')
    expect(output).toContain("=> eventsApi.mutation('RenameEvent', resolver, options)")
    expect(output).toContain('export const mockGetEventQueryLegacy = (')
    // With links, unscoped factories are only written on request.
    expect(output).not.toMatch(/export const mockGetEventQuery = /)

    const both = await eventsOutput({
      links: [{ name: 'eventsApi', endpoint: 'https://events.test/graphql', withSuffix: false }],
      unscoped: false,
    })
    expect(both).toContain('export const mockGetEventQuery = (')
    expect(both).toContain("=> eventsApi.query('GetEventQuery', resolver, options)")
  }, 60_000)

  it('follows the naming options typescript-operations follows, and imports types from another file on request', async () => {
    const output = await eventsOutput({
      typesPrefix: 'I',
      dedupeOperationSuffix: true,
      importOperationTypesFrom: './events-types',
      operationMapName: 'EventOperations',
      factoryPrefix: 'given',
      registerOperations: false,
    })
    expect(output).toContain(
      'import type { IGetEventQuery, IGetEventQueryVariables, IListEventsQuery, IListEventsQueryVariables, IRenameEventMutation,',
    )
    expect(output).toContain("} from './events-types'")
    expect(output).toContain('export const givenGetEventQuery = (')
    expect(output).toContain('export type EventOperations = {')
    expect(output).not.toContain('declare module')
    // typescript-operations, run with the same options, declares exactly these names.
    expect(output).toMatch(/export type IGetEventQuery = /)
    expect(output).toMatch(/export type IRenameEventMutationVariables = /)
  }, 60_000)
})

describe('bad options', () => {
  it('the CLI reports a non-TypeScript output file', async () => {
    await expect(eventsOutput({}, 'events.js')).rejects.toThrow(/not a \.ts, \.mts, \.cts or \.tsx file/)
  }, 60_000)

  it('names the option to fix', () => {
    const check = (config: Record<string, unknown>) => () => validate(undefined, [], config, 'out.ts')
    expect(check({ links: { name: 'x' } })).toThrow(
      '[mocklib/codegen] The "links" option must be an array of { name, endpoint }, got object.',
    )
    expect(check({ links: [{ name: 'my-api', endpoint: '/graphql' }] })).toThrow(
      'The "links[0].name" option must be a valid TypeScript identifier',
    )
    expect(check({ links: [{ name: 'api', endpoint: '' }] })).toThrow('The link "api" needs an "endpoint"')
    expect(check({ links: [{ name: 'a', endpoint: '/a', withSuffix: false }], unscoped: true })).toThrow(
      'The factories of link "a" would have the same names as the unscoped factories.',
    )
    expect(check({ unscoped: false })).toThrow('With unscoped: false and no links there are no factories to generate.')
    expect(check({ operationMapName: 'my map' })).toThrow(
      'The "operationMapName" option must be a valid TypeScript identifier',
    )
    expect(check({})).not.toThrow()
  })

  it('plugin() checks the options too when called without validate()', () => {
    expect(() => plugin(undefined, [], { links: [{ name: '1st', endpoint: '/x' }] })).toThrow('"links[0].name"')
  })
})
