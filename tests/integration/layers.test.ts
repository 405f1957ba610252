import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise, type IViolation } from 'dependency-cruiser'
import { afterAll, beforeAll, expect, test } from 'vitest'

// The repository's own rules, as `npm run lint:cycles` runs them.
const config = createRequire(import.meta.url)(
  '../../.dependency-cruiser.cjs',
) as { forbidden: unknown[] }

/** A small source tree, laid out as src/ is, whose modules break the layers one rule each. */
const tree: Record<string, string> = {
  // A convention that reaches an adapter, and one that takes the whole instance.
  'src/mock-server/conventions/list.ts': [
    "import type { Server } from '../../msw/node.ts'",
    "import type { Runtime } from '../runtime.ts'",
    'export type List = [Server, Runtime]',
  ].join('\n'),
  'src/mock-server/runtime.ts': 'export interface Runtime { baseHref: string }',
  // A store that compiles a declaration.
  'src/mock-server/store/memory-store.ts': [
    "import { compileApi } from '../declare/compile-api.ts'",
    'export const store = compileApi',
  ].join('\n'),
  'src/mock-server/declare/compile-api.ts':
    'export const compileApi = (x: unknown) => x',
  // The model naming a route.
  'src/mock-server/model/compiled-api.ts': [
    "import type { RouteSpec } from '../route-spec.ts'",
    'export interface ApiModel { routes: RouteSpec[] }',
  ].join('\n'),
  'src/mock-server/route-spec.ts':
    'export interface RouteSpec { path: string }',
  // Two modules tied by type imports alone.
  'src/mock-server/stages/a.ts': [
    "import type { B } from './b.ts'",
    'export interface A { b: B }',
  ].join('\n'),
  'src/mock-server/stages/b.ts': [
    "import type { A } from './a.ts'",
    'export interface B { a?: A }',
  ].join('\n'),
  // Adapters that choose the shop themselves, at runtime and in a type.
  'src/msw/browser.ts': [
    "export const start = () => import('../domains/shop/index.ts')",
  ].join('\n'),
  'src/playwright/mock-handle.ts': [
    "import type { ShopApi } from '../domains/shop/index.ts'",
    'export type Handle = ShopApi',
  ].join('\n'),
  'src/playground/features/scenarios/scenarios.ts': [
    "import { scenarios } from '../../../domains/shop/index.ts'",
    'export const offered = scenarios',
  ].join('\n'),
  'src/domains/shop/index.ts': [
    'export interface ShopApi { name: string }',
    'export const scenarios: string[] = []',
  ].join('\n'),
  // An adapter that takes the default from the root entry.
  'src/msw/node.ts': [
    "import type { DefaultApi } from '../default-mock-api.ts'",
    'export interface Server { listen(): void; api?: DefaultApi }',
  ].join('\n'),
  'src/default-mock-api.ts': [
    "import type { ShopApi } from './domains/shop/index.ts'",
    'export type DefaultApi = ShopApi',
  ].join('\n'),
  // GraphQL's schema reaching into a request's resolvers.
  'src/mock-server/graphql/build-graphql-schema.ts': [
    "import { requestData } from './request-data.ts'",
    'export const schema = requestData',
  ].join('\n'),
  'src/mock-server/graphql/request-data.ts':
    'export const requestData = () => null',
  // A convention that keeps to its layer.
  'src/mock-server/conventions/read.ts': [
    "import type { ApiModel } from '../model/compiled-api.ts'",
    'export type Read = ApiModel',
  ].join('\n'),
}

let root: string
let violations: IViolation[]

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'hypermock-layers-'))
  for (const [path, text] of Object.entries(tree)) {
    await mkdir(dirname(join(root, path)), { recursive: true })
    await writeFile(join(root, path), `${text}\n`)
  }
  const result = await cruise(['src'], {
    baseDir: root,
    ruleSet: { forbidden: config.forbidden } as never,
    validate: true,
    tsPreCompilationDeps: true,
  })
  if (typeof result.output === 'string')
    throw new Error('dependency-cruiser answered with text, not a result')
  violations = result.output.summary.violations
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const reported = (rule: string, from: string, to: string) =>
  expect(violations).toContainEqual(
    expect.objectContaining({
      rule: expect.objectContaining({ name: rule }),
      from,
      to,
    }),
  )

test('a convention importing an adapter breaks the layers', () => {
  reported(
    'engine-imports-no-adapter',
    'src/mock-server/conventions/list.ts',
    'src/msw/node.ts',
  )
})

test('a convention taking the whole instance instead of a port breaks the layers', () => {
  reported(
    'convention-imports-no-pipeline',
    'src/mock-server/conventions/list.ts',
    'src/mock-server/runtime.ts',
  )
})

test('a store importing the compiler breaks the layers', () => {
  reported(
    'store-imports-no-compiler',
    'src/mock-server/store/memory-store.ts',
    'src/mock-server/declare/compile-api.ts',
  )
})

test('the model importing request code breaks the layers', () => {
  reported(
    'model-imports-no-request-code',
    'src/mock-server/model/compiled-api.ts',
    'src/mock-server/route-spec.ts',
  )
})

test("GraphQL's schema importing a request's resolvers breaks the layers", () => {
  reported(
    'graphql-schema-imports-no-request-code',
    'src/mock-server/graphql/build-graphql-schema.ts',
    'src/mock-server/graphql/request-data.ts',
  )
})

test('a circle of type imports alone is refused', () => {
  reported(
    'no-circular',
    'src/mock-server/stages/a.ts',
    'src/mock-server/stages/b.ts',
  )
})

test('a module that keeps to its layer is not reported', () => {
  expect(
    violations.filter((v) => v.from === 'src/mock-server/conventions/read.ts'),
  ).toEqual([])
})

test.each([
  ['src/msw/browser.ts', 'a lazy import'],
  ['src/playwright/mock-handle.ts', 'a type'],
  ['src/playground/features/scenarios/scenarios.ts', 'the scenarios'],
])(
  '%s taking the shop from src/domains/ (%s) breaks the one place the preset is chosen',
  (from) => {
    reported('adapters-name-no-preset', from, 'src/domains/shop/index.ts')
  },
)

test('an adapter that takes the default from the root entry is not reported', () => {
  expect(
    violations.filter(
      (v) =>
        v.from === 'src/msw/node.ts' || v.from === 'src/default-mock-api.ts',
    ),
  ).toEqual([])
})
