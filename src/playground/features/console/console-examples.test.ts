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

  it('keep the built-in domain’s examples for it', () => {
    expect(examplesFor(createOpenApiDocument())).toBe(consoleExamples)
    expect(examplesFor(undefined)).toBe(consoleExamples)
  })
})
