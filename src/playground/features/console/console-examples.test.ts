import { describe, expect, it } from 'vitest'
import { library } from '../../../../examples/own-api/library.ts'
import { createMockApi, createOpenApiDocument } from '../../../index.ts'
import { consoleExamples, examplesFor } from './console-examples.ts'

describe('console examples for the loaded API', () => {
  it("aim at a declared API's collections, and answer as their labels say", async () => {
    const examples = examplesFor(createOpenApiDocument({ api: library }))
    expect(examples.map((example) => example.path)).toContain('/api/loans')
    const api = createMockApi({ api: library })
    for (const [index, example] of examples.entries()) {
      const response = await api.fetch(
        new Request(`http://localhost${example.path}`, {
          method: example.method,
          headers: {
            Authorization: 'Bearer librarian-token',
            'Content-Type': 'application/json',
            'Idempotency-Key': `example-${index}`,
          },
          ...(example.body !== '' && { body: example.body }),
        }),
      )
      const expected = /\((\d{3})/.exec(example.label)![1]
      expect(`${example.label}: ${response.status}`).toBe(
        `${example.label}: ${expected}`,
      )
    }
  })

  it('name one item of each collection in words', () => {
    const labels = examplesFor(createOpenApiDocument({ api: library })).map(
      (example) => example.label,
    )
    expect(labels).toContain(
      'Create a loan with an empty body (422, every field)',
    )
    expect(labels).toContain('Read a book that does not exist (404)')
    const described = (...collections: string[]) => ({
      paths: Object.fromEntries(
        collections.flatMap((path) => [
          [path, { get: {}, post: {} }],
          [`${path}/{id}`, { get: {} }],
        ]),
      ),
    })
    expect(
      examplesFor(
        described('/categories', '/addresses', '/items', '/boxes'),
      ).map((example) => example.label),
    ).toEqual([
      'Create a category with an empty body (422, every field)',
      'Create an address with an empty body (422, every field)',
      'Create an item with an empty body (422, every field)',
      'Create a box with an empty body (422, every field)',
      'Send a broken JSON body (400)',
      'Ask for an unknown sort field and a bad page (400)',
      'Read a category that does not exist (404)',
      'Read an address that does not exist (404)',
      'Read an item that does not exist (404)',
      'Read a box that does not exist (404)',
    ])
  })

  it('keep the built-in domain’s examples for it', () => {
    expect(examplesFor(createOpenApiDocument())).toBe(consoleExamples)
    expect(examplesFor(undefined)).toBe(consoleExamples)
  })
})
