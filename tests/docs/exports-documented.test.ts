import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { packageEntries } from '../../docs/.vitepress/package-entries.ts'
import { root } from './doc-pages.ts'
import {
  entriesProgram,
  parsedEntries,
  undocumentedExports,
} from './undocumented-exports.ts'

/** The root entry's exports, sorted, each type-only one as `type Name`. */
function rootExports(): string[] {
  const file = join(root, 'src/index.ts')
  // The same parsed sources as the check of every entry's comments.
  const program = entriesProgram([file])
  const checker = program.getTypeChecker()
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!
  return checker
    .getExportsOfModule(module)
    .map((exported) => {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias
          ? checker.getAliasedSymbol(exported)
          : exported
      return symbol.flags & ts.SymbolFlags.Value
        ? exported.name
        : `type ${exported.name}`
    })
    .sort((a, b) =>
      a.replace('type ', '').localeCompare(b.replace('type ', '')),
    )
}

/** `{ 'hypermock-api/msw': 'src/msw/handlers.ts', … }`: what a consumer imports, from which source. */
const entries = Object.fromEntries(
  packageEntries().map(({ name, source }) => [name, source]),
)

describe("the public entries' exports", () => {
  afterAll(() => parsedEntries.forget())

  it('are every entry of the package, read from its build', () => {
    expect(entries).toMatchObject({
      'hypermock-api': 'src/index.ts',
      'hypermock-api/shop': 'src/domains/shop/index.ts',
      'hypermock-api/server': 'src/server/index.ts',
      'hypermock-api/check': 'src/check/index.ts',
    })
  })

  it('each carry a TSDoc comment, which the API reference is generated from', () => {
    const missing = undocumentedExports(entries).map(
      ({ entry, name, file }) => `${entry}: ${name} (${file})`,
    )
    expect(missing).toEqual([])
  }, 60_000)

  it('are found out when one has no comment, or a comment that says nothing', () => {
    const file = join(root, 'virtual-entry.ts')
    const text = [
      '/** Says what it is. */',
      'export const documented = 1',
      'export const bare = 2',
      '/** */',
      'export function empty() {}',
      '/** @deprecated Use `documented`. */',
      'export type Old = number',
    ].join('\n')
    const host = ts.createCompilerHost({})
    const getSourceFile = host.getSourceFile.bind(host)
    host.getSourceFile = (name, language, ...rest) =>
      name === file
        ? ts.createSourceFile(name, text, language)
        : getSourceFile(name, language, ...rest)
    const fileExists = host.fileExists.bind(host)
    host.fileExists = (name) => name === file || fileExists(name)
    const found = undocumentedExports({ virtual: 'virtual-entry.ts' }, host)
    expect(found.map((e) => e.name).sort()).toEqual(['bare', 'empty'])
  }, 30_000)

  // Adding a name to the root entry is a decision: change this list with it, and document the
  // name. The shop's names are `hypermock-api/shop`'s; internals are no entry's.
  it("of the root entry are the engine's public API, listed here on purpose", () => {
    expect(rootExports()).toEqual([
      'type ActionContext',
      'type AnswerOperation',
      'type AnyRecord',
      'type ApiDeclaration',
      'type ApiKeyAuth',
      'applyScenario',
      'type Attempt',
      'type AuthDeclaration',
      'type CreateDeclaration',
      'createMockApi',
      'createOpenApiDocument',
      'type DataAccess',
      'type DataHandles',
      'defineApi',
      'defineResource',
      'type Dialect',
      'type FaultEffect',
      'type FaultRule',
      'type FaultRuleInput',
      'type FieldError',
      'type FieldOf',
      'type Grouping',
      'type HandlerContext',
      'type Id',
      'type Infer',
      'type InputContext',
      'InvalidDeclarationError',
      'InvalidScenarioError',
      'InvalidSnapshotError',
      'isInvalidDeclarationError',
      'isMockControlError',
      'type ItemContext',
      'type ItemRouteContext',
      'type ItemRouteDeclaration',
      'type JournalEntry',
      'type KeyDialect',
      'type KeyGeneration',
      'type Link',
      'type ListEnvelope',
      'type MockApi',
      'type MockApiOptions',
      'type MockConfig',
      'MockControlError',
      'type MockControls',
      'type MockEvent',
      'type MockListener',
      'type NestedCollection',
      'type OpenApiDocument',
      'type Operation',
      'type OperationContext',
      'type OperationDeclaration',
      'operationsJsonSchema',
      'type OwnerKey',
      'type PagingDialect',
      'type PagingParams',
      'type PagingStyle',
      'type ParentDeclaration',
      'type PatchDeclaration',
      'type PatchMediaType',
      'type ProblemDeclaration',
      'type ProblemOptions',
      'type RateLimitConfig',
      'type RecordOf',
      'type Relation',
      'type ReplaceDeclaration',
      'type ResolvedScenario',
      'type ResourceDeclaration',
      'type RouteDeclaration',
      'type Scenario',
      'type ScenarioIdOf',
      'type ScenarioStep',
      'type Schema',
      'type SearchDeclaration',
      'type SeedContext',
      'type StateDeclaration',
      'type StateSnapshot',
      'type TableHandle',
      'type TablesOf',
      'type TokenDeclaration',
      'type TokenEntryDeclaration',
      'type Transition',
      'type UpsertDeclaration',
      'type Verdict',
      'type VerdictId',
      'type Wait',
    ])
  }, 60_000)
})
