import { describe, expect, it } from 'vitest'
import { renamedListenOptions } from './renamed-listen-options.ts'

describe('renamedListenOptions', () => {
  it('is silent under msw 2, where onUnhandledRequest is the name', () => {
    expect(
      renamedListenOptions({ onUnhandledRequest: 'error' }, '2.12.4'),
    ).toBeNull()
  })

  it('names the msw 3 option with the value given', () => {
    expect(
      renamedListenOptions({ onUnhandledRequest: 'warn' }, '3.0.5'),
    ).toContain('Use server.listen({ onUnhandledFrame: "warn" }).')
    expect(renamedListenOptions(undefined, '3.0.5')).toBeNull()
  })
})
