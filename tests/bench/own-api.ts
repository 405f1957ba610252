import { registerHooks } from 'node:module'

// The example imports the package by name; the bench measures the sources, as for the built-in
// domain, so that name resolves to them here.
const index = new URL('../../src/index.ts', import.meta.url).href
registerHooks({
  resolve: (specifier, context, next) =>
    next(specifier === 'hypermock-api' ? index : specifier, context),
})

/** The lending library of examples/own-api: the declared API the bench sets beside the built-in one. */
export const { library } = await import('../../examples/own-api/library.ts')
