import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { metaRoutes } from '../routes.ts'
import {
  InvalidDeclarationError,
  isInvalidDeclarationError,
} from './check-declaration.ts'
import { compileApi } from './compile-api.ts'
import { defineApi, defineResource } from './define-api.ts'
import type { ApiDeclaration } from './types.ts'

/** The mistakes `compileApi` finds in a declaration, as `{ field, message }`. */
function mistakes(declaration: unknown) {
  try {
    compileApi(declaration as ApiDeclaration, metaRoutes)
  } catch (error) {
    if (error instanceof InvalidDeclarationError) return error.errors
    throw error
  }
  throw new Error('Expected the declaration to be refused')
}

const record = z.strictObject({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(['open', 'done']),
  ownerId: z.number().int(),
})

describe('a declaration with mistakes', () => {
  it('is refused with every mistake at once, each at its path in the declaration', () => {
    const found = mistakes({
      name: '',
      resources: {
        Tasks: defineResource({ schema: record }),
        tasks: defineResource({
          schema: record,
          filters: ['colour' as never],
          id: 'serial' as never,
          relations: { list: { field: 'listId', to: 'lists' } } as never,
          state: {
            field: 'status',
            initial: 'waiting' as never,
            transitions: {
              finish: { from: [], to: 'done' },
              reopen: { from: ['done'], to: 'closed' as never },
            },
          },
        }),
      },
      problems: {
        'not-found': { status: 404, title: 'Again', summary: 'Taken.' },
        'too-late': { status: 200, title: '', summary: '' },
      },
      tokens: { 'a-token': { scopes: ['admin'] as never } },
    })
    expect(found.map((e) => e.field)).toEqual(
      expect.arrayContaining([
        'name',
        'resources.Tasks',
        'resources.tasks.filters[0]',
        'resources.tasks.id',
        'resources.tasks.relations.list.field',
        'resources.tasks.relations.list.to',
        'resources.tasks.state.initial',
        'resources.tasks.state.transitions.finish.from',
        'resources.tasks.state.transitions.reopen.to',
        'problems.not-found',
        'problems.too-late.status',
        'problems.too-late.title',
        'problems.too-late.summary',
        'tokens.a-token.scopes',
      ]),
    )
    // Each says what is wrong, not only where.
    const byField = new Map(found.map((e) => [e.field, e.message]))
    expect(byField.get('resources.tasks.filters[0]')).toMatch(
      /"colour", which the schema lacks.*fields: id, title, status, ownerId/,
    )
    expect(byField.get('resources.tasks.relations.list.to')).toMatch(
      /"lists", which is not declared/,
    )
    expect(byField.get('resources.tasks.state.transitions.reopen.to')).toMatch(
      /"closed", which status does not have \("open", "done"\)/,
    )
  })

  it('says it in one error whose message lists them, recognisable across copies of the package', () => {
    let caught: unknown
    try {
      compileApi(
        {
          name: 'x',
          resources: { Bad: { schema: 1, create: false } },
        } as never,
        metaRoutes,
      )
    } catch (error) {
      caught = error
    }
    expect(isInvalidDeclarationError(caught)).toBe(true)
    expect((caught as Error).message).toMatch(
      /the declaration has 2 mistakes:\n {2}- resources\.Bad: must be a lowercase path segment[^\n]*\n {2}- resources\.Bad\.schema: must be a Standard Schema/,
    )
    const foreign = Object.assign(new Error('elsewhere'), {
      name: 'InvalidDeclarationError',
    })
    expect(isInvalidDeclarationError(foreign)).toBe(true)
    expect(isInvalidDeclarationError(new Error('other'))).toBe(false)
  })

  it('refuses paths the API serves itself and two actions on one path', () => {
    const found = mistakes(
      defineApi({
        name: 'Clash',
        resources: {
          problems: defineResource({ schema: record, create: false }),
          tasks: defineResource({
            schema: record,
            replace: false,
            patch: true,
            state: {
              field: 'status',
              initial: 'open',
              transitions: {
                finish: { from: ['open'], to: 'done', path: 'close' },
                close: { from: ['open'], to: 'done' },
              },
            },
          }),
        },
      }),
    )
    expect(found).toEqual(
      expect.arrayContaining([
        {
          field: 'resources.problems',
          message: expect.stringMatching(/is reserved/),
        },
        {
          field: 'resources.tasks.state.transitions.close.path',
          message: expect.stringMatching(
            /\/tasks\/\{id\}\/close, which another action or nested collection already takes/,
          ),
        },
      ]),
    )
  })

  it('lists each scenario mistake at its path, its members and steps included', () => {
    const tasks = defineResource({ schema: record })
    const found = mistakes({
      name: 'Tasks',
      resources: { tasks },
      scenarios: [
        {
          id: 'Slow Network',
          title: '',
          description: 'Answers slowly.',
          token: 'a-token',
          colour: 'red',
        },
        {
          id: 'both-ways',
          title: 'Both ways',
          description: 'A step with a path and a link.',
          token: 'a-token',
          steps: [
            { title: 'Read', path: '/tasks', link: { from: 'x', rel: 'y' } },
            { title: 'Follow', link: { from: 'nobody', rel: 'next' } },
          ],
        },
        {
          id: 'calm',
          title: 'Calm',
          description: 'No faults.',
          token: 'a-token',
        },
        {
          id: 'calm',
          title: 'Again',
          description: 'Its id is taken.',
          token: 'a-token',
        },
      ],
    })
    expect(found).toEqual([
      {
        field: 'scenarios[0].id',
        message: 'must be kebab-case, such as "slow-network"',
      },
      { field: 'scenarios[0].title', message: 'must not be empty' },
      { field: 'scenarios[0]', message: 'Unrecognized key: "colour"' },
      {
        field: 'scenarios[1].steps.0',
        message: 'needs either a path or a link to follow, not both',
      },
      {
        field: 'scenarios[1].steps.0.link.from',
        message: 'names no earlier step ("x"): give that step a name',
      },
      {
        field: 'scenarios[1].steps.1.link.from',
        message: 'names no earlier step ("nobody"): give that step a name',
      },
      {
        field: 'scenarios[3].id',
        message: '"calm" is used by an earlier scenario',
      },
    ])
  })

  it('needs a resource or a route, and takes routes alone', () => {
    expect(mistakes({ name: 'Empty', resources: {} })).toEqual([
      {
        field: 'resources',
        message: 'must declare at least one resource (or one route in routes)',
      },
    ])
    const routesOnly = compileApi(
      defineApi({
        name: 'Routes only',
        resources: {},
        routes: [
          { method: 'GET', path: '/ping', handle: () => new Response() },
        ],
      }),
      metaRoutes,
    )
    expect(routesOnly.routes.map((r) => r.path)).toContain('/ping')
  })
})

describe('a record keyed by another member beside an id of its own', () => {
  it('is refused where that id could not be drawn, with the way to keep it the stored key', () => {
    const found = mistakes(
      defineApi({
        name: 'Users',
        resources: {
          users: defineResource({
            schema: z.strictObject({
              id: z.object({ n: z.number() }),
              username: z.string(),
            }),
            dialect: { keys: { member: 'username', generate: 'string' } },
          }),
        },
      }),
    )
    expect(found).toEqual([
      {
        field: 'resources.users.schema',
        message: expect.stringContaining('hide it (hidden: ["id"])'),
      },
    ])
  })
})
