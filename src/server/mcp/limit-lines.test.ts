import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { limitLines } from './limit-lines.ts'

async function feed(chunks: string[], limit: number) {
  const input = new PassThrough()
  const tooLong: number[] = []
  const output = limitLines(input, (bound) => tooLong.push(bound), limit)
  const passed: string[] = []
  output.on('data', (chunk: Buffer) => passed.push(String(chunk)))
  for (const chunk of chunks) input.write(chunk)
  await new Promise((resolve) => setImmediate(resolve))
  return { passed: passed.join(''), tooLong }
}

describe('limitLines', () => {
  it('passes lines up to the bound through, however they are split', async () => {
    const { passed, tooLong } = await feed(['{"a":', '1}\n{"b"', ':2}\n'], 10)
    expect(passed).toBe('{"a":1}\n{"b":2}\n')
    expect(tooLong).toEqual([])
  })

  it('stops at a line longer than the bound, split over chunks', async () => {
    const { passed, tooLong } = await feed(['ok\n123456', '7890', '1'], 10)
    expect(passed).toBe('ok\n123456' + '7890')
    expect(tooLong).toEqual([10])
  })

  it('stops at a long line between two short ones in one chunk', async () => {
    const { passed, tooLong } = await feed(['a\n12345678901\nb\n', 'c\n'], 10)
    expect(passed).toBe('')
    expect(tooLong).toEqual([10])
  })
})
