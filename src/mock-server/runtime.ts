import type { ResolvedOptions } from './resolved-options.ts'
import type { EngineState } from './ports/engine-state.ts'
import type { CompiledApi } from './route-spec.ts'
import type { Persistence } from './store/persistence.ts'
import type { Replica } from './store/replica.ts'
import type { Webhooks } from './webhooks/webhooks.ts'

/**
 * One mock instance whole: its live state, the resolved options and the compiled API with its
 * routes, and the store it is attached to. Adapters and the pipeline take it; a layer that needs a
 * part takes that part's interface (`HandlerRuntime` for a handler, `EngineState` for a store,
 * `LinkBase` for a description), so nothing below the pipeline imports this module.
 */
export interface Runtime extends EngineState {
  options: ResolvedOptions
  /** The declaration, compiled: resources, routes, problems. */
  api: CompiledApi
  /** What links start with: the base's origin (where it has one) and path. */
  baseHref: string
  /** Carries the working set's writes to an attached store; `null` while the mock lives in memory. */
  persistence: Persistence | null
  /** Runs each request as a unit of work on a store replicas share; `null` otherwise. */
  replica: Replica | null
  /** The webhook endpoints the state events are delivered to, and their deliveries. */
  webhooks: Webhooks
}
