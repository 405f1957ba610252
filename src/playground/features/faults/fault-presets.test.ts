import { describe, expect, it } from 'vitest'
import { library } from '../../../../examples/own-api/library.ts'
import { createOpenApiDocument } from '../../../index.ts'
import { faultPresets, presetsFor } from './fault-presets.ts'

const aims = (presets: ReturnType<typeof presetsFor>) =>
  presets.map(({ rule }) => `${rule.match.method} ${rule.match.path}`)

describe('fault presets for the loaded API', () => {
  it("aim at a declared API's own collections", () => {
    const presets = presetsFor(createOpenApiDocument({ api: library }))
    expect(aims(presets)).toEqual([
      'GET /api/books',
      'GET /api/books',
      'GET /api/books',
      'POST /api/books*',
      'GET /api/books/*',
      'GET /api/books/*',
    ])
  })

  it('keep their aims for the built-in domain and before the description arrives', () => {
    expect(presetsFor(createOpenApiDocument())).toBe(faultPresets)
    expect(presetsFor(undefined)).toBe(faultPresets)
  })
})
