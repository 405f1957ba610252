/**
 * `npm run lint:cycles` (part of `npm run lint`): no import circle in src/. ESLint's zones say who
 * may import whom; this says that nobody, however allowed, closes a loop.
 *
 * Type-only imports are counted wherever a circle leaves the engine (src/mock-server/): a domain
 * or an adapter that the engine reaches back to, even through types, is a layer out of place.
 * Inside one layer, circles of type-only imports (a compiled API holds routes whose handlers take
 * the runtime that holds the compiled API; a check rule's options name the rule ids the registry
 * derives) vanish at compile time and are left alone; circles of value imports are refused
 * everywhere, since they decide which module runs first.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'These modules import each other (directly or through others) at run time. Move what both need into a module both import.',
      from: {},
      to: {
        circular: true,
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'no-circular-across-layers',
      severity: 'error',
      comment:
        'This circle runs through a module outside the engine (a domain, an adapter, an entry), types included. The engine imports nothing of the layers above it.',
      from: { path: '^src/mock-server/' },
      to: { circular: true, via: { pathNot: '^src/mock-server/' } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
}
