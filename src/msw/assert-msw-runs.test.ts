import { describe, expect, it } from 'vitest'
import { assertMswRuns } from './assert-msw-runs.ts'

describe('assertMswRuns', () => {
  it('names both versions and both fixes when msw 3 meets Node 20', () => {
    expect(() => assertMswRuns('3.0.5', '20.19.5')).toThrow(
      /msw 3\.0\.5 needs Node\.js 22\.12 or newer, and this is Node\.js 20\.19\.5\. Upgrade Node\.js .* or install msw 2/,
    )
    expect(() => assertMswRuns('3.1.0', '22.11.0')).toThrow(/22\.12/)
  })

  it('lets msw 2 run on Node 20 and msw 3 on Node 22.12 and later', () => {
    expect(() => assertMswRuns('2.12.0', '20.19.0')).not.toThrow()
    expect(() => assertMswRuns('3.0.5', '22.12.0')).not.toThrow()
    expect(() => assertMswRuns('3.0.5', '24.21.0')).not.toThrow()
  })
})
