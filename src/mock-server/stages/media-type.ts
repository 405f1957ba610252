import { fail } from '../problems/problem-error.ts'
import type { Stage } from '../request-state.ts'
import { acceptedTypes, JSON_TYPE } from '../representation-type.ts'
import { BODY_METHODS } from './read-body.ts'
import type { StageAnswers } from './stage-answers.ts'

/** Whether a `Content-Type` names `type` (parameters such as `charset` allowed). */
function isMediaType(contentType: string | undefined, type: string) {
  return contentType?.split(';')[0]?.trim().toLowerCase() === type.toLowerCase()
}

/** Only `application/json` (parameters such as `charset` allowed). */
export function isJsonMediaType(contentType: string | undefined) {
  return isMediaType(contentType, JSON_TYPE)
}

/** The header that tells a refused client what to send (RFC 7231, RFC 5789, Linked Data's `Accept-Post`). */
const acceptHeader = (method: string) =>
  method === 'POST'
    ? 'Accept-Post'
    : method === 'PATCH'
      ? 'Accept-Patch'
      : 'Accept'

/** 415 for a body that is not declared as what the route takes; the answer says what is. */
export const mediaType: Stage = (c, next) => {
  const { state } = c.env
  if (state.bodyBytes === null) return next()
  const contentType = c.req.header('content-type')
  const method = c.req.method.toUpperCase()
  const type = acceptedTypes(state.route?.spec, method)
  // A route may take several types, listed with commas (a form or JSON).
  if (!type.split(', ').some((one) => isMediaType(contentType, one)))
    fail('unsupported-media-type', {
      detail: `${method === 'PATCH' && type !== JSON_TYPE ? 'A PATCH body must be' : 'Request bodies must be'} ${type}; this one is ${contentType ? `"${contentType}"` : 'untyped (no Content-Type)'}.`,
      headers: { [acceptHeader(method)]: type },
    })
  return next()
}

export const mediaTypeAnswers: StageAnswers = {
  problems: ({ method }) =>
    BODY_METHODS.has(method) ? ['unsupported-media-type'] : [],
  headers: ({ method }, status) =>
    status === 415 ? [acceptHeader(method)] : [],
}
