// When an optional peer is missing, mocklib/schema says which package to install.
import { expect, it, vi } from 'vitest'
import { createSchemaExecutor } from 'mocklib/schema'
import { rejectionOf } from '../helpers/rejection'

// Stands in for an install without @graphql-tools/mock: importing it fails as a missing package does.
vi.mock('@graphql-tools/mock', () => {
  throw new Error("Cannot find package '@graphql-tools/mock' imported from mocklib/dist/schema.js")
})

it('names the missing package and the command that installs the peers', async () => {
  const api = createSchemaExecutor({ typeDefs: 'type Query { a: Int }' })
  const error = await rejectionOf(api.ready())
  expect(error.message).toContain('mocklib/schema needs the "@graphql-tools/mock" package')
  expect(error.message).toContain('npm install -D @graphql-tools/schema @graphql-tools/mock')
  // Creating the executor did not need the peers; its resolver rejects with the same message (a 500 in a server).
  expect((await rejectionOf(api.resolver({ query: '{ a }' }))).message).toContain('"@graphql-tools/mock"')
})
