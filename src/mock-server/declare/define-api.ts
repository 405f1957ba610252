import type {
  AnyRecord,
  AnyResource,
  ApiDeclaration,
  FieldOf,
  ProblemDeclaration,
  ResourceDeclaration,
} from './types.ts'
import type { Scenario } from '../scenarios/scenario-schema.ts'

/**
 * Declares one resource. Its record type comes from the schema, so a misspelt field, state or
 * action is a type error here, and hooks get their record typed.
 *
 * @example
 * const loans = defineResource({
 *   schema: z.object({ id: z.number(), bookId: z.number(), status: z.enum(['active', 'returned']) }),
 *   relations: { book: { field: 'bookId', to: 'books', nested: 'loans' } },
 *   state: {
 *     field: 'status',
 *     initial: 'active',
 *     transitions: { return: { from: ['active'], to: 'returned' } },
 *   },
 * })
 */
export function defineResource<
  R extends AnyRecord,
  const F extends FieldOf<R> = FieldOf<R>,
  CI = AnyRecord,
  RI = AnyRecord,
>(
  declaration: ResourceDeclaration<R, F, CI, RI>,
): ResourceDeclaration<R, F, CI, RI> {
  return declaration
}

/**
 * Declares a whole API: its resources, problem types, tokens and scenarios (declare them `as const`
 * and `applyScenario` takes only their ids). Pass it to `createMockApi({ api })`
 * (or `setupMockServer`, `startMockWorker`, `startServer`, `serve --config`); the declaration is
 * checked there, once, and every mistake is listed in one `InvalidDeclarationError`.
 *
 * @example
 * export default defineApi({ name: 'Library', base: '/api', resources: { books, loans } })
 */
export function defineApi<
  const Resources extends Record<string, AnyResource>,
  const Problems extends Record<string, ProblemDeclaration> = Record<
    string,
    never
  >,
  Scenarios extends readonly Scenario[] = readonly Scenario[],
>(
  declaration: ApiDeclaration<Resources, Problems, Scenarios>,
): ApiDeclaration<Resources, Problems, Scenarios> {
  return declaration
}
