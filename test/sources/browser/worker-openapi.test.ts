// fromOpenApi in a real page: handlers made from a document object answer the page's requests through
// the Service Worker (examples, seeded data, Prefer, request checks), and a hand-written handler's
// drift is caught by check().
import { expect, it } from 'vitest'
import { usePageSession } from './harness'

declare global {
  interface Window {
    openapi: typeof import('mocklib/openapi')
  }
}

const session = usePageSession('test/sources/browser/fixtures/openapi-entry.ts')

it('answers a page from a document object: examples, generated data, Prefer and request checks', async () => {
  const answers = await session.tab.page.evaluate(async () => {
    const pet = {
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1 } },
    }
    const document = {
      openapi: '3.1.0',
      info: { title: 'Pet store', version: '1' },
      // Relative: the page's own origin.
      servers: [{ url: '/api' }],
      paths: {
        '/pets': {
          get: {
            operationId: 'listPets',
            parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 } }],
            responses: {
              '200': {
                description: 'Pets',
                content: {
                  'application/json': { schema: { type: 'array', items: pet }, example: [{ id: 1, name: 'Rex' }] },
                },
              },
            },
          },
        },
        '/pets/{petId}': {
          get: {
            responses: {
              '200': { description: 'A pet', content: { 'application/json': { schema: pet } } },
              '404': {
                description: 'None',
                content: { 'application/json': { examples: { gone: { value: { message: 'adopted' } } } } },
              },
            },
          },
        },
      },
    }
    const handlers = await window.openapi.fromOpenApi(document, { validateRequests: 'error' })
    window.worker = window.mocklib.setupWorker(...handlers)
    await window.worker.start({ quiet: true, onUnhandledRequest: 'error' })
    const read = async (path: string, init?: RequestInit) => {
      const response = await fetch(path, init)
      return { status: response.status, type: response.headers.get('content-type'), body: await response.json() }
    }
    return {
      list: await read('/api/pets'),
      pet: await read('/api/pets/3'),
      gone: await read('/api/pets/3', { headers: { Prefer: 'code=404, example=gone' } }),
      refused: await read('/api/pets?limit=50'),
    }
  })
  expect(answers.list).toEqual({ status: 200, type: 'application/json', body: [{ id: 1, name: 'Rex' }] })
  expect(answers.pet.status).toBe(200)
  expect(answers.pet.body).toEqual({ id: expect.any(Number), name: expect.any(String) })
  expect(answers.pet.body.id).toBeGreaterThanOrEqual(1)
  expect(answers.gone).toEqual({ status: 404, type: 'application/json', body: { message: 'adopted' } })
  expect(answers.refused.status).toBe(400)
  expect(answers.refused.type).toBe('application/problem+json')
  expect(answers.refused.body.errors).toEqual([{ in: 'query', name: 'limit', pointer: '', message: 'must be <= 10' }])
})

it("check() fails a hand-written handler's drifted answer in the page", async () => {
  const outcome = await session.tab.page.evaluate(async () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 'Pet store', version: '1' },
      servers: [{ url: '/api' }],
      paths: {
        '/pets/{petId}': {
          get: {
            responses: {
              '200': {
                description: 'A pet',
                content: { 'application/json': { schema: { type: 'object', required: ['name'] } } },
              },
            },
          },
        },
      },
    }
    const { http, HttpResponse, setupWorker } = window.mocklib
    const handlers = await window.openapi.fromOpenApi(document, { bodyChecks: 'warn' })
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (message: string) => warnings.push(message)
    window.worker = setupWorker(handlers.check(http.get('/api/pets/:petId', () => HttpResponse.json({ id: 1 }))))
    await window.worker.start({ quiet: true, onUnhandledRequest: 'error' })
    const body = await fetch('/api/pets/1').then((response) => response.json())
    console.warn = warn
    return { body, warnings }
  })
  expect(outcome.body).toEqual({ id: 1 })
  expect(outcome.warnings).toHaveLength(1)
  expect(outcome.warnings[0]).toContain('does not fit the OpenAPI operation GET /pets/{petId} for status 200')
  expect(outcome.warnings[0]).toContain('  - /body/name: is required')
})
