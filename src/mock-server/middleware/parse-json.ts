import { fail, type Stage } from '../pipeline.ts'

const decoder = new TextDecoder('utf-8', { fatal: true })

/** 400 for a body that is not UTF-8 JSON, or JSON that is not an object. */
export const parseJson: Stage = async (c, next) => {
  const { state } = c.env
  if (state.bodyBytes === null) return next()
  let value: unknown
  try {
    value = JSON.parse(decoder.decode(state.bodyBytes))
  } catch (error) {
    const reason =
      error instanceof SyntaxError ? error.message : 'it is not valid UTF-8'
    fail('invalid-json', {
      detail: `The request body is not valid JSON: ${reason}.`,
    })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const kind =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'an array'
          : `a ${typeof value}`
    fail('invalid-json', {
      detail: `The request body must be a JSON object, not ${kind}.`,
    })
  }
  state.body = value
  await next()
}
