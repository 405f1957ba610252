import { expect, it } from 'vitest'
import { descriptionValidator } from './ajv-standard-schema.ts'

const document = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  paths: {},
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string' } },
      },
    },
  },
}

it('compiles a schema once, also when it comes again as another object of the same JSON', () => {
  const validator = descriptionValidator(document)
  const pet = { $ref: '#/components/schemas/Pet' }
  const validate = validator(pet)
  expect(validator(pet)).toBe(validate)
  // A resolved or flattened copy of a schema is another object with the same members.
  expect(validator({ $ref: '#/components/schemas/Pet' })).toBe(validate)
  expect(validator(structuredClone(pet))).toBe(validate)
  // Another schema is another validator, and each judges by its own schema.
  const name = validator({ type: 'string' })
  expect(name).not.toBe(validate)
  expect(validate({ name: 'Rex' })).toBe(true)
  expect(validate({})).toBe(false)
  expect(validate.errors?.map((e) => e.params)).toEqual([
    { missingProperty: 'name' },
  ])
  expect(name('Rex')).toBe(true)
  expect(name({})).toBe(false)
})
