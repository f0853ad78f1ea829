// Handler state and list management under msw 2.14 and mocklib: generators, once,
// resetHandlers / restoreHandlers, use() ordering, listHandlers(), boundary().
import { describe, expect, it } from 'vitest'
import { consoleCalls, runBoth, withServer, type Lib } from './harness'

async function texts(url: string, count: number): Promise<string[]> {
  const out: string[] = []
  for (let i = 0; i < count; i++) {
    try {
      const response = await fetch(url)
      out.push(`${response.status} ${await response.text()}`)
    } catch (error) {
      out.push(`rejected ${(error as Error).constructor.name}`)
    }
  }
  return out
}

const fallback = (lib: Lib) => lib.http.get('http://a.test/*', () => lib.HttpResponse.text('fallback'))

describe('generators', () => {
  it('yields in order, then repeats the returned response', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/poll', function* () {
            yield lib.HttpResponse.text('one')
            yield lib.HttpResponse.text('two')
            return lib.HttpResponse.text('done')
          }),
        ],
        {},
        () => texts('http://a.test/poll', 5),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('an async generator, and one that returns nothing', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/a', async function* () {
            yield lib.HttpResponse.text('a1')
            await Promise.resolve()
            yield lib.HttpResponse.text('a2')
          }),
          lib.http.get('http://a.test/b', function* () {
            yield lib.HttpResponse.text('b1')
          }),
          fallback(lib),
        ],
        {},
        async () => [...(await texts('http://a.test/a', 4)), ...(await texts('http://a.test/b', 3))],
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('one iterator per handler, shared by every URL it matches', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/poll/:id', function* ({ params }) {
            let n = 0
            while (n < 3) yield lib.HttpResponse.text(`${params.id} ${n++}`)
            return lib.HttpResponse.text('end')
          }),
        ],
        {},
        async () => [...(await texts('http://a.test/poll/1', 2)), ...(await texts('http://a.test/poll/2', 3))],
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('with once: used only after the generator is done, then falls through', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [
          lib.http.get(
            'http://a.test/x',
            function* () {
              yield lib.HttpResponse.text('g1')
              return lib.HttpResponse.text('g-last')
            },
            { once: true },
          ),
          fallback(lib),
        ],
        {},
        () => texts('http://a.test/x', 4),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('resetHandlers() restarts generators, restoreHandlers() too', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [
          lib.http.get('http://a.test/x', function* () {
            yield lib.HttpResponse.text('first')
            return lib.HttpResponse.text('rest')
          }),
        ],
        {},
        async (server) => {
          const log = await texts('http://a.test/x', 2)
          server.resetHandlers()
          log.push(...(await texts('http://a.test/x', 2)))
          server.restoreHandlers()
          log.push(...(await texts('http://a.test/x', 2)))
          return log
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a generator used through server.use() restarts on resetHandlers(...next) when kept', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const generator = lib.http.get('http://a.test/x', function* () {
        yield lib.HttpResponse.text('first')
        return lib.HttpResponse.text('rest')
      })
      return withServer(lib, [], {}, async (server) => {
        server.use(generator)
        const log = await texts('http://a.test/x', 2)
        server.resetHandlers(generator)
        log.push(...(await texts('http://a.test/x', 2)))
        return log
      })
    })
    expect(mocklib).toEqual(msw)
  })
})

describe('once', () => {
  it('answers one request, then falls to the next handler', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [lib.http.get('http://a.test/x', () => lib.HttpResponse.text('once'), { once: true }), fallback(lib)],
        {},
        () => texts('http://a.test/x', 3),
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a once resolver that returns undefined still counts as used', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [], {}, async (server) => {
        let runs = 0
        server.use(
          lib.http.get(
            'http://a.test/x',
            () => {
              runs++
            },
            { once: true },
          ),
          fallback(lib),
        )
        const log = await texts('http://a.test/x', 3)
        return { log, runs }
      }),
    )
    expect(mocklib).toEqual(msw)
  })

  it('parallel requests: only one gets the once answer', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [lib.http.get('http://a.test/x', () => lib.HttpResponse.text('once'), { once: true }), fallback(lib)],
        {},
        async () => {
          const bodies = await Promise.all([1, 2, 3].map(async () => (await fetch('http://a.test/x')).text()))
          return bodies.sort()
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('resetHandlers() does not revive a used once handler; restoreHandlers() does', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(
        lib,
        [lib.http.get('http://a.test/x', () => lib.HttpResponse.text('once'), { once: true }), fallback(lib)],
        {},
        async (server) => {
          const log = await texts('http://a.test/x', 2)
          server.resetHandlers()
          log.push(...(await texts('http://a.test/x', 1)))
          server.restoreHandlers()
          log.push(...(await texts('http://a.test/x', 2)))
          return log
        },
      ),
    )
    expect(mocklib).toEqual(msw)
  })

  it('restoreHandlers() revives once overrides added with use()', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [fallback(lib)], {}, async (server) => {
        server.use(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('override'), { once: true }))
        const log = await texts('http://a.test/x', 2)
        server.restoreHandlers()
        log.push(...(await texts('http://a.test/x', 2)))
        return log
      }),
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('use(), resetHandlers(), listHandlers()', () => {
  it('use() prepends, keeping the order within one call; later use() calls come first', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => lib.HttpResponse.text('initial'))], {}, async (server) => {
        const log = await texts('http://a.test/x', 1)
        server.use(
          lib.http.get('http://a.test/x', () => lib.HttpResponse.text('use-1a')),
          lib.http.get('http://a.test/x', () => lib.HttpResponse.text('use-1b')),
        )
        log.push(...(await texts('http://a.test/x', 1)))
        server.use(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('use-2')))
        log.push(...(await texts('http://a.test/x', 1)))
        log.push(...server.listHandlers().map((handler) => handler.info.header))
        return log
      }),
    )
    expect(mocklib).toEqual(msw)
  })

  it('resetHandlers() drops overrides; resetHandlers(...next) replaces the initial list for good', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => lib.HttpResponse.text('initial'))], {}, async (server) => {
        server.use(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('override')))
        const log = await texts('http://a.test/x', 1)
        server.resetHandlers()
        log.push(...(await texts('http://a.test/x', 1)))
        server.resetHandlers(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('next')))
        log.push(...(await texts('http://a.test/x', 1)))
        server.use(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('override 2')))
        server.resetHandlers()
        log.push(...(await texts('http://a.test/x', 1)))
        log.push(String(server.listHandlers().length))
        return log
      }),
    )
    expect(mocklib).toEqual(msw)
  })

  it('listHandlers() gives the handler objects with the same info', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const handlers = [
        lib.http.get('http://a.test/x', () => undefined),
        lib.http.post(/y/, () => undefined, { once: true }),
        lib.graphql.query('GetUser', () => undefined),
        lib.graphql.mutation('Login', () => undefined),
        lib.graphql.link('http://a.test/graphql').query('Scoped', () => undefined),
        lib.graphql.operation(() => undefined),
      ]
      const server = lib.setupServer(...handlers)
      const listed = server.listHandlers()
      return {
        same: listed.every((handler, index) => handler === handlers[index]),
        headers: listed.map((handler) => handler.info.header),
        once: listed.map((handler) => handler.options?.once ?? false),
        frozen: Object.isFrozen(listed),
      }
    })
    expect(mocklib).toEqual(msw)
  })

  it('handler info carries the same fields', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const pick = (info: object, keys: string[]) =>
        Object.fromEntries(keys.map((key) => [key, String((info as Record<string, unknown>)[key])]))
      return [
        pick(lib.http.get('http://a.test/x/:id', () => undefined).info, ['header', 'method', 'path']),
        pick(lib.http.post(/y/, () => undefined).info, ['header', 'method', 'path']),
        pick(
          lib.http.patch(
            () => true,
            () => undefined,
          ).info,
          ['header', 'method'],
        ),
        pick(lib.graphql.query('GetUser', () => undefined).info, ['header', 'operationType', 'operationName']),
        pick(lib.graphql.mutation(/Log/, () => undefined).info, ['header', 'operationType', 'operationName']),
        pick(lib.graphql.link('http://a.test/graphql').mutation('Login', () => undefined).info, ['header']),
        pick(
          lib.graphql.query(
            () => true,
            () => undefined,
          ).info,
          ['header'],
        ),
        pick(lib.graphql.operation(() => undefined).info, ['header', 'operationType', 'operationName']),
        pick(lib.graphql.link(/api\.test/).operation(() => undefined).info, ['header']),
      ]
    })
    expect(mocklib).toEqual(msw)
  })

  it('setupServer(array) and use(array) throw', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const handlers = [lib.http.get('http://a.test/x', () => undefined)]
      const attempt = (fn: () => unknown) => {
        try {
          fn()
          return 'ok'
        } catch (error) {
          return error instanceof Error ? 'throws' : 'throws a non-Error'
        }
      }
      const server = lib.setupServer()
      return [
        attempt(() => lib.setupServer(handlers as never)),
        attempt(() => server.use(handlers as never)),
        attempt(() => server.resetHandlers(handlers as never)),
      ]
    })
    expect(mocklib).toEqual(msw)
  })

  it('listen() twice, close() twice, listen after close', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const server = lib.setupServer(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('ok')))
      const attempt = async (fn: () => unknown) => {
        try {
          await fn()
          return 'ok'
        } catch (error) {
          return error instanceof TypeError ? 'TypeError' : error instanceof Error ? 'Error' : typeof error
        }
      }
      const { result } = await consoleCalls(async () => {
        const log = [await attempt(() => server.listen())]
        log.push(await attempt(() => server.listen()))
        server.close()
        log.push(await attempt(() => server.close()))
        server.listen()
        log.push(...(await texts('http://a.test/x', 1)))
        server.close()
        return log
      })
      return result
    })
    expect(mocklib).toEqual(msw)
  })

  it("the server's methods work detached: afterAll(server.close), const { use } = server", async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      const server = lib.setupServer(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('initial')))
      const { listen, use, resetHandlers, restoreHandlers, listHandlers, boundary, close } = server
      const log: unknown[] = []
      listen({ onUnhandledRequest: 'error' })
      try {
        use(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('override'), { once: true }))
        log.push(listHandlers().length, ...(await texts('http://a.test/x', 2)))
        restoreHandlers()
        log.push(...(await texts('http://a.test/x', 1)))
        resetHandlers()
        log.push(listHandlers().length, await boundary(() => texts('http://a.test/x', 1))())
      } finally {
        close()
      }
      log.push(
        await fetch('http://a.test/x').then(
          () => 'answered',
          () => 'not intercepted',
        ),
      )
      return log
    })
    expect(mocklib).toEqual(msw)
  })
})

describe('boundary()', () => {
  it('overrides inside a boundary stay there; the outside list is untouched', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [lib.http.get('http://a.test/x', () => lib.HttpResponse.text('outer'))], {}, async (server) => {
        const inner = await server.boundary(async () => {
          server.use(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('inner')))
          const log = await texts('http://a.test/x', 1)
          log.push(String(server.listHandlers().length))
          return log
        })()
        const outer = await texts('http://a.test/x', 1)
        return { inner, outer, length: server.listHandlers().length }
      }),
    )
    expect(mocklib).toEqual(msw)
  })

  it('a boundary sees the overrides made before it, and passes its arguments and return value', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [], {}, async (server) => {
        server.use(lib.http.get('http://a.test/x', () => lib.HttpResponse.text('before')))
        const result = await server.boundary(async (a: number, b: string) => {
          const seen = await texts('http://a.test/x', 1)
          server.resetHandlers()
          const afterReset = await texts('http://a.test/x', 1).catch(() => ['rejected'])
          return { a, b, seen, afterReset: afterReset[0].split(' ')[0] }
        })(1, 'two')
        const outside = await texts('http://a.test/x', 1)
        return { result, outside }
      }),
    )
    expect(mocklib.result).toMatchObject({ a: 1, b: 'two', seen: msw.result.seen })
    expect(mocklib.outside).toEqual(msw.outside)
  })

  it('parallel boundaries do not see each other', async () => {
    const { msw, mocklib } = await runBoth((lib) =>
      withServer(lib, [], {}, async (server) => {
        // Every boundary sends its request only once all three have added their handler.
        let overridden = 0
        let allOverridden!: () => void
        const barrier = new Promise<void>((resolve) => (allOverridden = resolve))
        const run = (name: string) =>
          server.boundary(async () => {
            server.use(lib.http.get('http://a.test/x', () => lib.HttpResponse.text(name)))
            if (++overridden === 3) allOverridden()
            await barrier
            return texts('http://a.test/x', 1)
          })()
        return Promise.all([run('one'), run('two'), run('three')])
      }),
    )
    expect(mocklib).toEqual(msw)
  })
})

describe('deliberate differences', () => {
  it('http.all() handlers show ALL where msw shows its internal /.+/ RegExp', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => [
      lib.http.all('http://a.test/x', () => undefined).info.header,
      String(lib.http.all('http://a.test/x', () => undefined).info.method),
    ])
    expect(msw).toEqual(['/.+/ http://a.test/x', '/.+/'])
    expect(mocklib).toEqual(['ALL http://a.test/x', 'ALL'])
  })

  it('an array given to setupServer() or use() throws a TypeError (msw 2: its InvariantError)', async () => {
    const { msw, mocklib } = await runBoth(async (lib) => {
      try {
        lib.setupServer([lib.http.get('http://a.test/x', () => undefined)] as never)
        return 'ok'
      } catch (error) {
        return error instanceof TypeError ? 'TypeError' : 'Error'
      }
    })
    expect(msw).toBe('Error')
    expect(mocklib).toBe('TypeError')
  })
})
