// MSW 3's Vite plugin set-up and its virtual module, with `msw` → `mocklib`: the plugin's options
// in a Vite config, and the `virtual:mocklib` network in app code. What MSW 3 refuses, mocklib does too.
/// <reference types="vite/client" />
/// <reference path="../../../vite/client.d.ts" />
import { defineConfig, type Plugin } from 'vite'
import { mocklib, msw, type MocklibPluginOptions, type MswPluginOptions } from 'mocklib/vite'
import { http, HttpResponse } from 'mocklib'
import { NetworkReadyState } from 'mocklib/experimental'

export default defineConfig({ plugins: [mocklib(), mocklib({ mode: 'worker-only' }), msw({ mode: 'auto' })] })
export const plugin: Plugin = mocklib({})
export const options: MocklibPluginOptions = { mode: 'auto' }
// MSW 3's name for the options type.
export const mswOptions: MswPluginOptions = options
// @ts-expect-error Not a mode: 'auto' or 'worker-only'.
mocklib({ mode: 'always' })

// The MSW 3 docs' client set-up.
export async function enableMocking(): Promise<void> {
  if (import.meta.env.DEV) {
    const { network } = await import('virtual:mocklib')
    network.configure({
      handlers: [http.get('/user', () => HttpResponse.json({ name: 'Ada' }))],
      onUnhandledFrame: ({ frame, defaults }) => {
        if (frame.protocol === 'http' && frame.data.request.url.endsWith('.svg')) return
        defaults.warn()
      },
      context: { quiet: true },
    })
    const enabled: Promise<void> = network.enable()
    await enabled
    const state: NetworkReadyState = network.readyState
    if (state === NetworkReadyState.ENABLED) network.use(http.post('/user', () => new Response(null, { status: 201 })))
    network.events.on('request:start', ({ request, requestId }) => console.log(request.method, requestId))
    const handlers: readonly unknown[] = network.listHandlers()
    network.resetHandlers()
    network.restoreHandlers()
    console.log(handlers.length, network.pendingHandlers().length)
    await network.disable()

    // @ts-expect-error This network keeps its own sources (the worker, the interceptors).
    network.configure({ sources: [] })
    // @ts-expect-error Not a strategy: 'bypass', 'warn', 'error' or a callback.
    network.configure({ onUnhandledFrame: 'ignore' })
    // @ts-expect-error Handlers, not responses.
    network.configure({ handlers: [HttpResponse.json({})] })
  }
}
