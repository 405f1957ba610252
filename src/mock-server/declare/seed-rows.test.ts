import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { metaRoutes } from '../routes.ts'
import { InvalidDeclarationError } from './check-declaration.ts'
import { compileApi } from './compile-api.ts'
import { defineApi, defineResource } from './define-api.ts'
import { readingRoom } from './reading-room.fixture.ts'

const seedOf = (declaration: Parameters<typeof compileApi>[0]) =>
  compileApi(declaration, metaRoutes).seed(1)

function seedMistakes(declaration: Parameters<typeof compileApi>[0]) {
  try {
    seedOf(declaration)
  } catch (error) {
    if (error instanceof InvalidDeclarationError) return error.errors
    throw error
  }
  throw new Error('Expected the seed to be refused')
}

describe('seed rows', () => {
  it('get the server-set fields they leave out: id, timestamps, version, initial state, nulls', () => {
    const { books } = seedOf(readingRoom)
    expect(books).toEqual([
      {
        id: 1,
        title: 'Odes',
        shelfId: null,
        status: 'in',
        note: null,
        version: 1,
        createdAt: '2026-01-05T09:00:00.000Z',
        updatedAt: '2026-01-05T09:00:00.000Z',
      },
      {
        id: 2,
        title: 'Middlemarch',
        shelfId: null,
        status: 'out',
        note: null,
        version: 1,
        createdAt: '2026-01-05T10:00:00.000Z',
        updatedAt: '2026-01-05T10:00:00.000Z',
      },
    ])
  })

  it('get ids of their resource’s kind, the same on every reset', () => {
    const first = seedOf(readingRoom).shelves!.map((s) => s.id)
    expect(first).toHaveLength(2)
    for (const id of first)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/)
    const api = compileApi(readingRoom, metaRoutes)
    expect(api.seed(1).shelves!.map((s) => s.id)).toEqual(first)
  })

  it('are frozen and shared: no instance can change the seed another starts from', () => {
    const api = compileApi(readingRoom, metaRoutes)
    const rows = api.seed(1)
    expect(api.seed(1).books).toBe(rows.books)
    expect(() => rows.books!.push({ id: 99 })).toThrow(TypeError)
    expect(() => Object.assign(rows.books![0]!, { title: 'Changed' })).toThrow(
      TypeError,
    )
    expect(api.seed(1).books![0]!.title).toBe('Odes')
  })

  it('continue the integer ids after the highest one given', () => {
    const notes = defineResource({
      schema: z.strictObject({ id: z.number().int(), text: z.string() }),
      seed: [{ id: 10, text: 'ten' }, { text: 'next' }],
    })
    const { notes: rows } = seedOf(
      defineApi({ name: 'Notes', resources: { notes } }),
    )
    expect(rows!.map((r) => r.id)).toEqual([10, 11])
  })

  it('are refused with every row that breaks its schema, repeats an id or names nothing', () => {
    const shelves = defineResource({
      schema: z.strictObject({
        id: z.number().int(),
        label: z.string().min(1),
      }),
      seed: [{ label: 'A' }, { id: 1, label: '' }],
    })
    const books = defineResource({
      schema: z.strictObject({
        id: z.number().int(),
        title: z.string(),
        shelfId: z.number().int(),
      }),
      relations: { shelf: { field: 'shelfId', to: 'shelves' } },
      seed: [
        { title: 'Here', shelfId: 1 },
        { title: 'Nowhere', shelfId: 9 },
        { title: 7 as never, shelfId: 1 },
      ],
    })
    const found = seedMistakes(
      defineApi({ name: 'Shelves', resources: { shelves, books } }),
    )
    expect(found).toEqual(
      expect.arrayContaining([
        {
          field: 'resources.shelves.seed[1].label',
          message: expect.any(String),
        },
        {
          field: 'resources.books.seed[2].title',
          message: expect.any(String),
        },
        {
          field: 'resources.books.seed[1].shelfId',
          message: 'names shelves 9, which the seed does not have',
        },
      ]),
    )
  })

  it('are refused when two have the same id', () => {
    const tags = defineResource({
      schema: z.strictObject({ id: z.string(), name: z.string() }),
      id: 'string',
      seed: [
        { id: 'a', name: 'first' },
        { id: 'a', name: 'again' },
      ],
    })
    expect(
      seedMistakes(defineApi({ name: 'Tags', resources: { tags } })),
    ).toEqual([
      { field: 'resources.tags.seed[1].id', message: 'a appears twice' },
    ])
  })
})
