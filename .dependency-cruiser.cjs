/**
 * `npm run lint:cycles` (part of `npm run lint`): no import circle in src/, and the engine's layers
 * point one way. ESLint's zones say which folders may import which package; this says that nobody,
 * however allowed, closes a loop or reaches up a layer.
 *
 * Type imports count everywhere: a type a lower layer takes from a higher one ties the two together
 * as surely as a value does (it is how `Runtime` came to hold the whole engine in one knot). A lower
 * layer takes a narrow interface instead (`src/mock-server/ports/`), which the higher one satisfies.
 *
 * The layers, lowest first (docs/reference/layout.md draws them):
 *
 *   common      src/common/: vocabulary every layer shares (media types, paging, `isObject`)
 *   model       src/mock-server/model/ and the declaration's types: the compiled API, no request code
 *   ports       src/mock-server/ports/: what a handler or a store reads of an instance
 *   conventions src/mock-server/conventions/ (and their helpers in declare/, naming in openapi/)
 *   compiler    declare/compile-api.ts: a declaration to its model and routes
 *   pipeline    stages/, handle-request.ts, runtime.ts: one request through the stages; graphql/,
 *               GraphQL's stages and resolvers, whose schema part reads the model alone
 *   adapters    src/msw/, src/server/, src/shared-mock/, src/playground/, src/devtools/, src/vite/,
 *               src/storybook/
 *
 * tests/integration/layers.test.ts runs these rules over modules that break them, so a rule that
 * stops matching fails the tests.
 */

/** Adapters: they serve an engine instance over a transport or show it. */
const ADAPTERS = '^src/(msw|server|shared-mock|playground|devtools|storybook)/'

/** The engine's own layers, as paths. */
const MODEL = [
  '^src/mock-server/model/',
  '^src/mock-server/declare/(types|compile-resource|schema-tools)\\.ts$',
]
const CONVENTIONS = [
  '^src/mock-server/conventions/',
  '^src/mock-server/declare/(handler-context|item-route|write-checks)\\.ts$',
]
/** The compiler: declare/compile-api.ts and the modules only it uses. */
const COMPILER =
  '^src/mock-server/declare/(compile-api|compiled-api-cache|check-declaration|resource-routes|declared-routes-of|define-api)\\.ts$'
/** Code that serves a request: the routes, the stages, the instance that runs them. */
const REQUEST_CODE = [
  '^src/mock-server/(conventions|stages|control|ports|store|graphql)/',
  '^src/mock-server/(route-spec|request-state|runtime|handle-request|run-stages|http-response|routes)\\.ts$',
  COMPILER,
]
/** GraphQL's schema, built from the model alone (the CLI prints it without an instance). */
const GRAPHQL_SCHEMA =
  '^src/mock-server/graphql/(build-graphql-schema|graphql-field-types|graphql-names|graphql-data|graphql-schema-of)\\.ts$'
/** Stores: the engine's own, and those the adapters bring (IndexedDB, PostgreSQL, SQLite). */
const STORES = [
  '^src/mock-server/store/',
  '^src/shared-mock/[^/]*store[^/]*\\.ts$',
  '^src/server/[^/]*store[^/]*\\.ts$',
]

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'These modules import each other, directly or through others (type imports count). Move what both need into a module both import: a narrow interface in src/mock-server/ports/, a type beside the model.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-imports-no-adapter',
      severity: 'error',
      comment:
        'The engine (conventions, model, compiler, pipeline, stores) imports no adapter: msw, the server, the shared tabs, the playground and the devtools import the engine, never the reverse.',
      from: { path: '^src/mock-server/' },
      to: { path: ADAPTERS },
    },
    {
      name: 'model-imports-no-request-code',
      severity: 'error',
      comment:
        'The model (the declaration and its compiled form) holds no request code: no route, stage, handler, store or runtime. What it needs of an instance comes as a narrow interface declared beside it (LinkBase, ReadableTables).',
      from: { path: MODEL },
      to: { path: REQUEST_CODE },
    },
    {
      name: 'convention-imports-no-pipeline',
      severity: 'error',
      comment:
        'A convention serves a request a route hands it: it imports the model, the ports and its own helpers, never the compiler, the stages or the instance (take HandlerRuntime from ports/, not Runtime).',
      from: { path: CONVENTIONS },
      to: {
        path: [
          COMPILER,
          '^src/mock-server/(stages|graphql)/',
          '^src/mock-server/(runtime|request-state|handle-request|run-stages|create-runtime|create-mock-api)\\.ts$',
        ],
      },
    },
    {
      name: 'graphql-schema-imports-no-request-code',
      severity: 'error',
      comment:
        "GraphQL's schema is the declaration's model in GraphQL's words: it imports the model and the description's naming, never a route, stage, handler or instance. What its resolvers need of a request comes through GraphqlData (graphql/graphql-data.ts), which the request's side implements.",
      from: { path: GRAPHQL_SCHEMA },
      to: {
        path: [
          '^src/mock-server/(conventions|stages|control|store)/',
          '^src/mock-server/graphql/(graphql-stages|serve-graphql|request-data|run-rest|graphql-errors)\\.ts$',
          '^src/mock-server/(route-spec|request-state|runtime|handle-request|run-stages)\\.ts$',
          COMPILER,
        ],
      },
    },
    {
      name: 'ports-import-no-layer-above',
      severity: 'error',
      comment:
        'A port is a narrow interface the layers above implement or take: it names model types and plain state, never a convention, the compiler, the pipeline or the instance.',
      from: { path: '^src/mock-server/ports/' },
      to: {
        path: [
          '^src/mock-server/(conventions|stages|control|openapi)/',
          '^src/mock-server/(route-spec|request-state|runtime|handle-request|run-stages|options|resolved-options)\\.ts$',
          COMPILER,
        ],
      },
    },
    {
      name: 'store-imports-no-compiler',
      severity: 'error',
      comment:
        'A store keeps rows and settings: it takes the compiled model (ApiModel) and never compiles a declaration, nor reaches a convention or a stage. Whoever attaches it compiles.',
      from: { path: STORES },
      to: {
        path: [
          COMPILER,
          '^src/mock-server/(conventions|stages)/',
          '^src/mock-server/(options|handle-request|run-stages)\\.ts$',
        ],
      },
    },
    {
      name: 'adapters-name-no-preset',
      severity: 'error',
      comment:
        "The built-in shop is chosen in one place, the root entry's default (src/default-mock-api.ts). msw's adapters, the Playwright fixture and the playground take an API, or the default from there (the DefaultApi type, a lazy import of the root entry), and read scenarios from the loaded API: they import nothing of src/domains/.",
      from: { path: '^src/(msw|playwright|playground)/' },
      to: { path: '^src/domains/' },
    },
    {
      name: 'common-imports-nothing',
      severity: 'error',
      comment:
        'src/common/ is the vocabulary every layer shares, the checker and the client included: it imports no other module of src/.',
      from: { path: '^src/common/' },
      to: { path: '^src/(?!common/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.tsx?$' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
  },
}
