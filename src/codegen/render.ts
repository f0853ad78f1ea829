import type { CollectedOperation, CollectedOperations } from './collect-operations'
import type { NormalizedConfig, NormalizedLink } from './config'
import type { NameOperationTypes, OperationTypeNames } from './type-names'

type HandlerType = 'query' | 'mutation' | 'subscription'
const HANDLER_TYPES: Record<string, HandlerType | undefined> = {
  query: 'query',
  mutation: 'mutation',
  subscription: 'subscription',
}

/** The text of the generated module: imports, operation map, registration, links and factories. */
export function renderOutput(
  collected: CollectedOperations,
  config: NormalizedConfig,
  nameTypes: NameOperationTypes,
  registryKey: string,
): { prepend: string[]; content: string } {
  const named = collected.operations.map((operation) => ({
    operation,
    types: nameTypes(operation.name, operation.type),
  }))
  const handled = named.filter(({ operation }) => HANDLER_TYPES[operation.type] !== undefined)
  const map = config.operationMapName

  const needsGraphql = config.links.length > 0 || (config.unscoped && handled.length > 0)
  const runtimeImports = needsGraphql ? ['graphql'] : []
  const subscriptions = handled.some(({ operation }) => operation.type === 'subscription')
  const typeImports = ['GraphQLHandler', 'GraphQLResponseResolver', 'RequestHandlerOptions']
  if (subscriptions)
    typeImports.push('GraphQLSubscriptionHandler', 'GraphQLSubscriptionOptions', 'GraphQLSubscriptionResolver')
  if (config.links.length > 0) typeImports.push('TypedGraphQLLinkHandlers')
  if (config.links.length > 0 && subscriptions) typeImports.push('GraphQLLinkSubscriptions')
  // A link whose documents have subscriptions also has `subscription()` and `subscriptions`.
  const linkType = `TypedGraphQLLinkHandlers<${map}>${subscriptions ? ' & GraphQLLinkSubscriptions' : ''}`
  const prepend = [
    `import { ${[...runtimeImports, ...typeImports.map((name) => `type ${name}`)].join(', ')} } from 'mocklib'`,
  ]
  if (config.importOperationTypesFrom !== undefined && named.length > 0) {
    const names = named.flatMap(({ types }) => [types.result, types.variables])
    prepend.push(`import type { ${names.join(', ')} } from '${config.importOperationTypesFrom}'`)
  }

  const sections: string[] = []
  sections.push(renderMap(map, named))
  if (config.registerOperations) {
    sections.push(
      [
        '// Tells mocklib which operation type each result type belongs to, so that a document is checked',
        '// against its handler (a mutation document given to graphql.query() does not compile).',
        "declare module 'mocklib' {",
        '  interface GeneratedOperations {',
        `    ${JSON.stringify(registryKey)}: ${map}`,
        '  }',
        '}',
      ].join('\n'),
    )
  }
  for (const link of config.links) {
    sections.push(
      [
        `/** Handlers scoped to ${link.endpoint}, typed by ${map}: names autocomplete, unknown ones do not compile. */`,
        `export const ${link.name}: ${linkType} = graphql.link<${map}>(${JSON.stringify(link.endpoint)})`,
      ].join('\n'),
    )
  }
  for (const { operation, types } of handled) {
    if (config.unscoped) sections.push(renderFactory(config, operation, types, undefined))
    for (const link of config.links) sections.push(renderFactory(config, operation, types, link))
  }
  const skipped = collected.skipped
  if (skipped.length > 0) sections.push(skipped.map((line) => `// ${line}`).join('\n'))
  return { prepend, content: `${sections.join('\n\n')}\n` }
}

function renderMap(map: string, named: Array<{ operation: CollectedOperation; types: OperationTypeNames }>): string {
  const entries = named.map(
    ({ operation, types }) =>
      `  ${operation.name}: { type: '${operation.type}'; result: ${types.result}; variables: ${types.variables} }`,
  )
  return [
    `/** Every named operation of the documents, by name: for \`graphql.link<${map}>(endpoint)\`. */`,
    entries.length === 0 ? `export type ${map} = {}` : `export type ${map} = {\n${entries.join('\n')}\n}`,
  ].join('\n')
}

function renderFactory(
  config: NormalizedConfig,
  operation: CollectedOperation,
  types: OperationTypeNames,
  link: NormalizedLink | undefined,
): string {
  const type = HANDLER_TYPES[operation.type] as HandlerType
  const pascalType = type[0].toUpperCase() + type.slice(1)
  const base = operation.name[0].toUpperCase() + operation.name.slice(1)
  // An operation already named "…Query" gets mockGetUserQuery, not mockGetUserQueryQuery.
  const typeSuffix = base.toLowerCase().endsWith(type) ? '' : pascalType
  const name = `${config.factoryPrefix}${config.factoryPrefix === '' ? operation.name : base}${typeSuffix}${link?.suffix ?? ''}`
  const generics = `${types.result}, ${types.variables}`
  const where = link === undefined ? 'wherever it is sent' : `sent to ${link.endpoint} (link \`${link.name}\`)`
  const variables =
    operation.variables.length === 0
      ? 'No variables.'
      : `Variables: ${operation.variables.map((v) => `\`${v}\``).join(', ')}.`
  const data = operation.rootFields.map((field) => `${field}: …`).join(', ')
  const subscription = type === 'subscription'
  const call =
    link === undefined
      ? `graphql.${type}<${generics}>('${operation.name}', resolver, options)`
      : subscription
        ? `${link.name}.subscription<${generics}>('${operation.name}', resolver, options)`
        : `${link.name}.${type}('${operation.name}', resolver, options)`
  const example = subscription
    ? `${name}(({ variables, subscription }) => subscription.publish({ data: { ${data} } }))`
    : `${name}(({ variables }) => HttpResponse.json({ data: { ${data} } }))`
  const verb = subscription ? 'Serves' : 'Answers'
  return [
    `/**`,
    ` * ${verb} the ${type} \`${operation.name}\` ${where}. ${variables}`,
    ` * @example ${example}`,
    ` */`,
    `export const ${name} = (`,
    subscription
      ? `  resolver: GraphQLSubscriptionResolver<${generics}>,`
      : `  resolver: GraphQLResponseResolver<${generics}>,`,
    subscription ? `  options?: GraphQLSubscriptionOptions,` : `  options?: RequestHandlerOptions,`,
    subscription
      ? `): GraphQLSubscriptionHandler<${generics}> => ${call}`
      : `): GraphQLHandler<${generics}> => ${call}`,
  ].join('\n')
}
