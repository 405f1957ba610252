import { Ajv2020 } from 'ajv/dist/2020.js'
import { expect, it } from 'vitest'
import { patternRegExp } from './pattern-regexp.ts'

it('reads a pattern unicode mode refuses as written, and keeps unicode mode where it can', () => {
  const schema = { type: 'string', pattern: '^[a-zA-Z0-9_\\-\\:]+$' }
  expect(() => new Ajv2020().compile(schema)).toThrow(/Invalid/)
  const validate = new Ajv2020({ code: { regExp: patternRegExp } }).compile(
    schema,
  )
  expect(validate('env:prod_1')).toBe(true)
  expect(validate('two words')).toBe(false)
  expect(patternRegExp('^\\p{L}+$', 'u').test('Zoë')).toBe(true)
})
