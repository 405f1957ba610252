/**
 * `npm run lint:cycles` (part of `npm run lint`): no import circle in src/. ESLint's zones say who
 * may import whom; this says that nobody, however allowed, closes a loop.
 *
 * Circles of value imports are refused everywhere: they decide which module runs first. Type-only
 * imports are counted too wherever a circle joins the engine (src/mock-server/) or a domain
 * (src/domains/) to anything outside it: a domain or an adapter the engine reaches back to, even
 * through types, is a layer out of place. Within one folder, circles of type-only imports (a
 * compiled API holds routes whose handlers take the runtime that holds it; a check rule's options
 * name the rule ids the registry derives) vanish at compile time and are left alone.
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
      name: 'no-circular-engine-and-above',
      severity: 'error',
      comment:
        'This circle runs through the engine (src/mock-server/) and a module outside it, types included. The engine imports nothing of the layers above it, nor any domain.',
      from: { path: '^src/mock-server/' },
      to: { circular: true, via: { path: '^src/(?!mock-server/)' } },
    },
    {
      name: 'no-circular-domain-and-engine',
      severity: 'error',
      comment:
        'This circle runs through a domain (src/domains/) and a module outside it, types included. A domain is declared with the engine’s public entry, which never imports it back.',
      from: { path: '^src/domains/' },
      to: { circular: true, via: { path: '^src/(?!domains/)' } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
}
