import type { Runtime } from './runtime.ts'

const runtimes = new WeakMap<object, Runtime>()

/** Remembers which runtime an instance's public face belongs to (for `attachStore`). */
export function registerRuntime(api: object, runtime: Runtime) {
  runtimes.set(api, runtime)
}

/** The runtime behind an instance made by `createMockApi`; undefined for any other object. */
export function runtimeOf(api: object): Runtime | undefined {
  return runtimes.get(api)
}
