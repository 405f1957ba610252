import { fail } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import { BODY_METHODS } from './read-body.ts'
import type { StageAnswers } from './stage-answers.ts'

/** Only `application/json` (parameters such as `charset` allowed): the one type the API accepts. */
export function isJsonMediaType(contentType: string | undefined) {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json'
}

/** 415 for a body that is not declared as JSON; the answer says what is accepted. */
export const mediaType: Stage = (c, next) => {
  const { state } = c.env
  if (state.bodyBytes === null) return next()
  const contentType = c.req.header('Content-Type')
  if (!isJsonMediaType(contentType)) {
    const accept =
      c.req.method.toUpperCase() === 'POST' ? 'Accept-Post' : 'Accept'
    fail('unsupported-media-type', {
      detail: `Request bodies must be application/json; this one is ${contentType ? `"${contentType}"` : 'untyped (no Content-Type)'}.`,
      headers: { [accept]: 'application/json' },
    })
  }
  return next()
}

export const mediaTypeAnswers: StageAnswers = {
  problems: ({ method }) =>
    BODY_METHODS.has(method) ? ['unsupported-media-type'] : [],
  headers: ({ method }, status) =>
    status === 415 ? [method === 'POST' ? 'Accept-Post' : 'Accept'] : [],
}
