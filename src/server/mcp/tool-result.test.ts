import { describe, expect, it } from 'vitest'
import { redactor, toolResult } from './tool-result.ts'

describe('redactor', () => {
  it('hides each secret, the longer first, and leaves the rest', () => {
    const redact = redactor(['abc', 'abcdef', undefined, ''])
    expect(redact('token abcdef and abc, not ab')).toBe(
      'token *** and ***, not ab',
    )
  })

  it('hides a secret inside JSON, where its quotes and backslashes are escaped', () => {
    const secret = 'p"w\\1'
    const result = toolResult(
      { header: `Bearer ${secret}` },
      redactor([secret]),
    )
    const text = result.content.map((c) => (c.type === 'text' ? c.text : ''))
    expect(text.join('')).not.toContain(JSON.stringify(secret).slice(1, -1))
    expect(result.structuredContent).toEqual({ header: 'Bearer ***' })
  })
})
