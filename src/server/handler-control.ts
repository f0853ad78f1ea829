// The mock server's handler list as the control API sees it: a stable id per handler, on/off
// switches, named scenarios (handler sets a module exports) and how often each handler answered.
import type { HandlerInfo } from '../control/resources'
import type { HandlerList } from '../runtime/handler-list'
import type { RequestHandler } from '../runtime/request-handler'

export type Scenarios = Readonly<Record<string, readonly RequestHandler[]>>

export class HandlerControl {
  readonly #list: HandlerList
  readonly #ids = new WeakMap<RequestHandler, string>()
  readonly #byId = new Map<string, WeakRef<RequestHandler>>()
  readonly #calls = new WeakMap<RequestHandler, number>()
  readonly #disabled = new Set<RequestHandler>()
  readonly #scenarioOf = new WeakMap<RequestHandler, string>()
  #base: readonly RequestHandler[]
  #scenarios: Scenarios = {}
  #scenario: string | null = null
  #counter = 0
  /** Handlers given at creation or by a scenario (the rest were added at run time). */
  #initial = new Set<RequestHandler>()

  constructor(list: HandlerList, base: readonly RequestHandler[]) {
    this.#list = list
    this.#base = base
    for (const handler of base) this.#initial.add(handler)
  }

  setScenarios(scenarios: Scenarios): void {
    this.#scenarios = scenarios
    for (const [name, handlers] of Object.entries(scenarios))
      for (const handler of handlers) this.#scenarioOf.set(handler, name)
  }

  /** The module's handlers changed (a reload): a scenario still exported stays active. */
  replaceBase(base: readonly RequestHandler[], scenarios: Scenarios): void {
    this.#base = base
    this.setScenarios(scenarios)
    if (this.#scenario !== null && !(this.#scenario in scenarios)) this.#scenario = null
    this.#apply()
  }

  get scenario(): string | null {
    return this.#scenario
  }

  get scenarioNames(): string[] {
    return Object.keys(this.#scenarios)
  }

  /** A scenario's handlers go in front of the module's defaults; run-time overrides are dropped. */
  setScenario(name: string | null): void {
    if (name !== null && !(name in this.#scenarios)) {
      const known = this.scenarioNames
      throw new RangeError(
        `There is no scenario "${name}". ${known.length > 0 ? `The module exports: ${known.join(', ')}.` : 'The module exports no scenarios (named arrays of handlers).'}`,
      )
    }
    this.#scenario = name
    this.#apply()
  }

  #apply(): void {
    const initial = [...(this.#scenario === null ? [] : this.#scenarios[this.#scenario]), ...this.#base]
    this.#initial = new Set(initial)
    this.#disabled.clear()
    this.#list.disable(this.#disabled)
    this.#list.reset(initial)
  }

  idOf(handler: RequestHandler): string {
    let id = this.#ids.get(handler)
    if (id === undefined) {
      id = String(++this.#counter)
      this.#ids.set(handler, id)
      this.#byId.set(id, new WeakRef(handler))
    }
    return id
  }

  answered(handler: RequestHandler): void {
    this.#calls.set(handler, (this.#calls.get(handler) ?? 0) + 1)
  }

  list(): HandlerInfo[] {
    return this.#list.listed().map((handler) => this.info(handler))
  }

  info(handler: RequestHandler): HandlerInfo {
    const info: HandlerInfo = {
      id: this.idOf(handler),
      kind: handler.kind,
      header: handler.info.header,
      enabled: !this.#disabled.has(handler),
      runtime: !this.#initial.has(handler),
      calls: this.#calls.get(handler) ?? 0,
    }
    const scenario = this.#scenarioOf.get(handler)
    if (scenario !== undefined && this.#initial.has(handler)) info.scenario = scenario
    return info
  }

  /** Undefined when no listed handler has this id. */
  setEnabled(id: string, enabled: boolean): HandlerInfo | undefined {
    const handler = this.#byId.get(id)?.deref()
    if (handler === undefined || !this.#list.listed().includes(handler)) return undefined
    if (enabled) this.#disabled.delete(handler)
    else this.#disabled.add(handler)
    this.#list.disable(this.#disabled)
    return this.info(handler)
  }
}
