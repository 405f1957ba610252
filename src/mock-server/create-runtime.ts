import { createClock } from './clock.ts'
import { MockEvents } from './events.ts'
import { FaultStore } from './faults/fault-store.ts'
import { Journal } from './journal.ts'
import type { ResolvedOptions } from './options.ts'
import { createRandom } from './random.ts'
import { RateLimiter } from './rate-limit/rate-limiter.ts'
import type { Runtime } from './runtime.ts'
import { requestIdOf } from './request-id.ts'
import { Database } from './store/database.ts'
import { parseSnapshot } from './store/snapshot-schema.ts'
import { StateEvents } from './store/state-events.ts'
import { Webhooks } from './webhooks/webhooks.ts'

/** Wires one mock instance's parts together; everything mutable lives here and nowhere global. */
export function createRuntime(options: ResolvedOptions): Runtime {
  const clock = createClock(options.now)
  const random = createRandom(options.config.seed)
  let requestCount = 0
  const api = options.api
  const runtime: Runtime = {
    options,
    api,
    basePath: options.basePath,
    baseHref: `${options.origin}${options.basePath}`,
    controlPath: options.controlPath,
    db: new Database(
      api,
      options.initialState
        ? parseSnapshot(api, options.initialState)
        : options.seed(options.config.seed),
      () => clock.iso(),
      () => random.next(),
    ),
    // Set right below, once the runtime it reads exists.
    stateEvents: null as unknown as StateEvents,
    webhooks: null as unknown as Webhooks,
    persistence: null,
    replica: null,
    clock,
    config: structuredClone(options.config),
    random,
    faults: new FaultStore(random),
    limiter: new RateLimiter(clock),
    journal: new Journal(options.journalLimit),
    events: new MockEvents((error) => options.onUnhandledError(error)),
    nextRequestId: () => requestIdOf(++requestCount),
    reset() {
      runtime.db.load(options.seed(options.config.seed))
      runtime.config = structuredClone(options.config)
      random.reseed(options.config.seed)
      runtime.faults.reset()
      runtime.limiter.reset()
      runtime.journal.reset()
      runtime.webhooks.reset()
      runtime.stateEvents.verdicts.clear()
      clock.reset()
      runtime.events.emit({ type: 'reset' })
    },
  }
  runtime.stateEvents = new StateEvents(runtime, (error) =>
    options.onUnhandledError(error),
  )
  runtime.db.observer = runtime.stateEvents.written
  runtime.stateEvents.log.faultOf = () => {
    const fault = runtime.faults.takeEvent()
    if (fault) runtime.events.emit({ type: 'faults' })
    return fault
  }
  runtime.webhooks = new Webhooks({
    clock,
    log: runtime.stateEvents.log,
    verdicts: runtime.stateEvents.verdicts,
    allowedOrigins: options.allowedOrigins,
  })
  return runtime
}
