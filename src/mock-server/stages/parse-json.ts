import { limits } from '../limits.ts'
import { fail } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import { FORM_TYPE, MULTIPART_TYPE, readFormBody } from './form-body.ts'
import { BODY_METHODS } from './read-body.ts'
import type { StageAnswers } from './stage-answers.ts'

const decoder = new TextDecoder('utf-8', { fatal: true })
const QUOTE = 34
const BACKSLASH = 92
const OPEN = new Set([91, 123]) // [ {
const CLOSE = new Set([93, 125]) // ] }

/**
 * The deepest nesting of arrays and objects in JSON text, found in one pass before parsing: a body
 * nested 100,000 levels never reaches the recursive steps (cloning, fingerprints) that would overflow.
 */
export function jsonDepth(text: string, stopAbove: number) {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === BACKSLASH) i++
      else if (code === QUOTE) inString = false
    } else if (code === QUOTE) inString = true
    else if (OPEN.has(code)) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > stopAbove) return deepest
      }
    } else if (CLOSE.has(code)) depth--
  }
  return deepest
}

/**
 * 400 for a body that is not UTF-8 JSON, nests too deep, or is JSON but not an object. A form body,
 * where the route takes one (the media-type stage has let only those through), is read into an
 * object of strings instead.
 */
export const parseJson: Stage = (c, next) => {
  const { state } = c.env
  if (state.bodyBytes === null) return next()
  const contentType = c.req.header('content-type') ?? ''
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type === FORM_TYPE || type === MULTIPART_TYPE)
    return readFormBody(contentType, state.bodyBytes).then((body) => {
      state.body = body
      return next()
    })
  // Another type the route takes (the media-type stage let only those through) is not read.
  if (type !== 'application/json' && !type.endsWith('+json')) return next()
  let value: unknown
  let text: string
  try {
    text = decoder.decode(state.bodyBytes)
  } catch {
    fail('invalid-json', {
      detail: 'The request body is not valid JSON: it is not valid UTF-8.',
    })
  }
  if (jsonDepth(text, limits.jsonDepth) > limits.jsonDepth) {
    fail('invalid-json', {
      detail: `The request body nests arrays and objects more than ${limits.jsonDepth} levels deep, the limit.`,
      extensions: { maxDepth: limits.jsonDepth },
    })
  }
  try {
    value = JSON.parse(text)
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : String(error)
    fail('invalid-json', {
      detail: `The request body is not valid JSON: ${reason}.`,
    })
  }
  const arrays =
    state.route !== null &&
    state.route.spec.arrays?.[state.route.method] === true
  if (
    typeof value !== 'object' ||
    value === null ||
    (Array.isArray(value) && !arrays)
  ) {
    const kind =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'an array'
          : `a ${typeof value}`
    fail('invalid-json', {
      detail: `The request body must be a JSON object${arrays ? ' or array' : ''}, not ${kind}.`,
    })
  }
  state.body = value
  return next()
}

export const parseJsonAnswers: StageAnswers = {
  problems: ({ method }) => (BODY_METHODS.has(method) ? ['invalid-json'] : []),
}
