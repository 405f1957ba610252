import { createMockApi } from '../mock-server/create-mock-api.ts'
import { compiledApi } from '../mock-server/declare/compiled-api-cache.ts'
import { seedRows } from '../mock-server/declare/seed-rows.ts'
import {
  applyScenario,
  type ApiDeclaration,
  type MockApi,
} from '../mock-server/index.ts'
import type { AnyRecord } from '../mock-server/declare/types.ts'
import type { CompiledResource } from '../mock-server/declare/compile-resource.ts'
import { parameterKeys, type HypermockParameters } from './parameters.ts'

/** Rows a story may name per table, and fault rules per story: what one story makes the mock hold. */
export const storyLimits = { rowsPerTable: 5000, faults: 100 } as const

/** A story's `parameters.hypermock` that cannot be applied: what is wrong, member by member. */
export class StoryMockError extends Error {
  override readonly name = 'StoryMockError'
  /** Each mistake, as `member: what is wrong`. */
  readonly problems: readonly string[]
  constructor(problems: readonly string[]) {
    super(
      `Failed to prepare the story's mock: parameters.hypermock has ${problems.length === 1 ? 'a mistake' : `${problems.length} mistakes`}:\n  - ${problems.join('\n  - ')}`,
    )
    this.problems = problems
  }
}

/** A mock the addon made for a declaration, with the clock source it shifts for `clock`. */
interface OwnedMock {
  api: MockApi
  /** How far the mock's real-time source runs ahead of `Date.now()`. */
  shift: { ms: number }
}

const isMockApi = (value: object): value is MockApi =>
  typeof (value as Partial<MockApi>).fetch === 'function' &&
  typeof (value as Partial<MockApi>).reset === 'function'

/**
 * The mocks of a Storybook page: one per declaration a story names (kept between stories, reset
 * before each), the built-in shop's when a story names none, or the mock a story hands over.
 */
export function createStoryMocks(
  /** The API of a story that names none (the preview part: the built-in shop, loaded on demand). */
  loadDefault: () => Promise<ApiDeclaration>,
) {
  const owned = new WeakMap<ApiDeclaration, OwnedMock>()
  let defaultApi: ApiDeclaration | undefined

  function own(declaration: ApiDeclaration): OwnedMock {
    let mock = owned.get(declaration)
    if (!mock) {
      const shift = { ms: 0 }
      mock = {
        api: createMockApi({
          api: declaration,
          now: () => Date.now() + shift.ms,
        }) as unknown as MockApi,
        shift,
      }
      owned.set(declaration, mock)
    }
    return mock
  }

  /**
   * The story's mock, reset and set up as its parameters say. A mistake in them throws a
   * `StoryMockError` naming each one, and leaves the mock at its seed.
   */
  async function prepare(
    parameters: HypermockParameters | undefined,
  ): Promise<MockApi> {
    const given = parameters ?? {}
    checkShape(given)
    const target = given.api ?? (defaultApi ??= await loadDefault())
    const mock = isMockApi(target) ? undefined : own(target)
    const api = mock?.api ?? (target as MockApi)
    if (mock) mock.shift.ms = 0
    /** Runs one step; what it throws becomes a mistake of `member`. */
    const step = (member: string, run: () => void) => {
      try {
        run()
      } catch (error) {
        if (error instanceof StoryMockError) throw error
        throw new StoryMockError([
          `${member}: ${error instanceof Error ? error.message : String(error)}`,
        ])
      }
    }
    try {
      if (given.scenario === undefined) api.reset()
      else step('scenario', () => applyScenario(api, given.scenario as string))
      if (given.clock !== undefined)
        step('clock', () => setClock(api, mock, given.clock!))
      if (given.state !== undefined) loadRows(api, given.state)
      given.faults?.forEach((rule, i) =>
        step(`faults[${i}]`, () => api.faults.add(rule)),
      )
    } catch (error) {
      // A story that cannot be set up leaves the mock at its seed, as the next story expects it.
      if (mock) mock.shift.ms = 0
      api.reset()
      throw error
    }
    return api
  }

  return { prepare }
}

/** What can be said of the parameters before anything is changed. */
function checkShape(given: HypermockParameters) {
  const problems: string[] = []
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw new StoryMockError(['must be an object'])
  for (const key of Object.keys(given))
    if (!(parameterKeys as readonly string[]).includes(key))
      problems.push(
        `${key}: is not a member; the members are ${parameterKeys.join(', ')}`,
      )
  if (
    given.api !== undefined &&
    (typeof given.api !== 'object' || given.api === null)
  )
    problems.push('api: must be a declaration (defineApi) or a mock')
  if (given.faults !== undefined) {
    if (!Array.isArray(given.faults))
      problems.push('faults: must be a list of fault rules')
    else if (given.faults.length > storyLimits.faults)
      problems.push(
        `faults: holds ${given.faults.length} rules; a story may add at most ${storyLimits.faults}`,
      )
  }
  if (given.state !== undefined) {
    if (
      typeof given.state !== 'object' ||
      given.state === null ||
      Array.isArray(given.state)
    )
      problems.push('state: must be an object of rows per resource')
    else
      for (const [name, rows] of Object.entries(given.state))
        if (!Array.isArray(rows))
          problems.push(`state.${name}: must be a list of rows`)
        else if (rows.length > storyLimits.rowsPerTable)
          problems.push(
            `state.${name}: holds ${rows.length} rows; a story may give at most ${storyLimits.rowsPerTable} per table`,
          )
  }
  if (problems.length > 0) throw new StoryMockError(problems)
}

/** Moves the mock clock to the story's instant, or ahead by its step. */
function setClock(
  api: MockApi,
  mock: OwnedMock | undefined,
  clock: NonNullable<HypermockParameters['clock']>,
) {
  if (typeof clock === 'object' && !(clock instanceof Date)) {
    if (typeof clock.advanceMs !== 'number')
      throw new StoryMockError([
        'clock: must be an instant (an ISO 8601 string or a Date) or { advanceMs }',
      ])
    api.clock.advance(clock.advanceMs)
    return
  }
  const at = clock instanceof Date ? clock.getTime() : Date.parse(clock)
  if (!Number.isFinite(at))
    throw new StoryMockError([
      `clock: ${JSON.stringify(String(clock))} is not an instant; write one as 2026-03-01T09:00:00Z`,
    ])
  if (mock) {
    mock.shift.ms = at - Date.now()
    return
  }
  const ahead = at - Date.parse(api.clock.now())
  if (ahead < 0)
    throw new StoryMockError([
      `clock: ${new Date(at).toISOString()} is before the mock's clock (${api.clock.now()}), which only moves forward; give api a declaration so the addon owns the clock, or create the mock with a \`now\` option`,
    ])
  api.clock.advance(ahead)
}

/**
 * The tables the story names, each replaced by its rows as a resource's seed would give them, the
 * other tables kept; the whole state is checked (schemas, references) before it replaces the old.
 */
function loadRows(
  api: MockApi,
  state: NonNullable<HypermockParameters['state']>,
) {
  const model = compiledApi(api.declaration)
  const problems: string[] = []
  const named = new Map<string, CompiledResource>()
  for (const [name, rows] of Object.entries(state)) {
    const resource = model.resources.get(name)
    if (!resource) {
      problems.push(
        `state.${name}: is not a resource of this API; its resources are ${[...model.resources.keys()].join(', ')}`,
      )
      continue
    }
    named.set(name, {
      ...resource,
      declaration: { ...resource.declaration, seed: rows as AnyRecord[] },
    })
  }
  if (problems.length > 0) throw new StoryMockError(problems)
  let tables: Record<string, AnyRecord[]>
  try {
    tables = seedRows(named, 1)
  } catch (error) {
    const errors = (error as { errors?: { field: string; message: string }[] })
      .errors
    if (!errors) throw error
    throw new StoryMockError(
      errors.map(
        (e) =>
          `${e.field.replace(/^resources\.([^.]+)\.seed/, 'state.$1')}: ${e.message}`,
      ),
    )
  }
  const snapshot = api.state.snapshot() as Record<string, unknown>
  for (const name of named.keys()) snapshot[name] = tables[name]
  try {
    api.state.restore(snapshot)
  } catch (error) {
    const errors = (error as { errors?: { field: string; message: string }[] })
      .errors
    if (!errors) throw error
    throw new StoryMockError(
      errors.map(
        (e) =>
          `state.${e.field.replace(/\.(\d+)(?=\.|$)/g, '[$1]')}: ${e.message}`,
      ),
    )
  }
}
